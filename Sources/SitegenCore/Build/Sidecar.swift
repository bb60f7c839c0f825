import Foundation

extension URL {
    /// A file or folder of sitegen's own beside this folder, named for it (".Output" + suffix:
    /// ".Output.sitegen-manifest", ".Content.sitegen-content-lock"): beside it, never inside,
    /// where it would be read as content or published as output.
    func sidecar(_ suffix: String) -> URL {
        deletingLastPathComponent().appendingPathComponent(".\(lastPathComponent)\(suffix)")
    }
}
