import Foundation
import SitegenCore

/// `sitegen init`: a new site in a new or empty folder. Its files are embedded in the executable
/// at build time (`EmbeddedFiles`, made by the EmbedStarterFiles plugin): the repository's
/// Templates/ (so there is one copy of the default templates, and what init writes is what the
/// sample site builds with), the favicon the layout links, and this module's Starter/ (site.yml
/// with every key commented, one example post, a README for each cache folder).
public enum SiteStarter {
    /// The files of a new site by path ("Templates/layout.mustache", "Content/site.yml"), the
    /// example post under its undated name.
    public static var files: [String: Data] {
        Dictionary(uniqueKeysWithValues: EmbeddedFiles.files.map { ($0.path, Data(base64Encoded: $0.base64)!) })
    }

    /// Writes `Content/` and `Templates/` into `folder` (made if missing) and returns the files
    /// written, relative to it. Refuses a folder that holds anything visible; hidden entries are
    /// no site (a `git init`'s `.git`, an editor's settings, sitegen's own locks), as Zola takes them.
    /// The example post is dated `today`.
    public static func create(in folder: URL, folderName: String, today: LocalDate) throws(SitegenError) -> [String] {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw SitegenError("expected a folder for the new site, found a file", at: SourceLocation(file: folderName)) }
            let entries = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? ["?"]).filter { !$0.hasPrefix(".") }
            guard entries.isEmpty else {
                throw SitegenError("the folder is not empty (it holds \(entries.sorted().prefix(3).joined(separator: ", "))…); sitegen init makes a site only in a new or empty folder",
                                   at: SourceLocation(file: folderName))
            }
        }
        var written: [String] = []
        do {
            for (path, data) in files.sorted(by: { $0.key < $1.key }) {
                // The example post gets the day it was made, as `sitegen new post` names posts.
                let name = path == "Content/news/welcome.md" ? "Content/news/\(today)-welcome.md" : path
                let target = folder.appendingPathComponent(name)
                try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: target, options: .withoutOverwriting)
                written.append(name)
            }
        } catch {
            throw SitegenError("cannot write the new site: \(error.localizedDescription)", at: SourceLocation(file: folderName))
        }
        return written.sorted()
    }
}
