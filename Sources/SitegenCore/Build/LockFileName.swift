import Foundation

/// The names of sitegen's lock files, which lie beside the folder they guard (`URL.sidecar`:
/// ".Output.sitegen-lock", ".Content.sitegen-content-lock"). `sitegen init` knows them by name:
/// a command run in the wrong folder leaves them, and they do not make a folder someone's.
public enum LockFileName {
    static let build = ".sitegen-lock"
    static let serve = ".sitegen-serve-lock"
    static let content = ".sitegen-content-lock"

    /// Whether `name`, a file name in a folder, is one of sitegen's lock files.
    public static func isLockFile(_ name: String) -> Bool {
        name.hasPrefix(".") && [build, serve, content].contains { name.hasSuffix($0) }
    }
}
