import Foundation

/// Decides whether a folder may be the build output. The build replaces that folder whole, so
/// it refuses any folder whose loss would hurt: `/`, the home folder, the working folder (the
/// repository root), the content or templates folders and anything holding them, and a
/// non-empty folder that sitegen did not make.
public enum OutputGuard {
    /// The file that marks a folder as sitegen's output.
    public static let markerName = ".sitegen-output"

    public static func check(output: URL, content: URL, templates: URL, workingDirectory: URL,
                             outputName: String) throws(SitegenError) {
        let target = canonical(output)
        let refuse = { (why: String) -> SitegenError in
            SitegenError("refusing to use `\(outputName)` as the output folder: \(why). The build deletes and replaces that folder; choose a dedicated one such as Output")
        }
        if target == "/" { throw refuse("it is the file system root") }
        let home = canonical(FileManager.default.homeDirectoryForCurrentUser)
        if target == home { throw refuse("it is the home folder") }
        let working = "the working folder (where the command runs)"
        for (name, folder) in [(working, workingDirectory), ("the content folder", content), ("the templates folder", templates)] {
            let other = canonical(folder)
            if target == other { throw refuse("it is \(name)") }
            if other.hasPrefix(target + "/") { throw refuse("it contains \(name)") }
            if name != working, target.hasPrefix(other + "/") { throw refuse("it is inside \(name)") }
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: target, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw refuse("it is a file") }
            // A folder that cannot be listed may hold anything: it is not taken for an empty one.
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: target) else {
                throw refuse("its contents cannot be listed, so it cannot be known to be empty or made by sitegen")
            }
            if !entries.isEmpty, !entries.contains(markerName) {
                throw refuse("it is not empty and was not made by sitegen (no \(markerName) file in it)")
            }
        }
    }

    /// An absolute path with symbolic links resolved and no trailing slash.
    static func canonical(_ url: URL) -> String {
        let path = url.standardizedFileURL.resolvingSymlinksInPath().path
        return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }
}
