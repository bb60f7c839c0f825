import Foundation

/// The two folders a site is made of. Checked before a build takes its locks, and before
/// `watch` and `serve` start: in a folder that holds no site, a build would leave lock files
/// behind (which then make `sitegen init` refuse the folder as not empty), and a watcher would
/// watch nothing for ever, since it watches only folders that exist when it starts.
public enum SiteFolders {
    /// An error for each missing folder, the content folder first; none when both exist.
    /// `requireTemplates`: a build reports a missing templates folder in its load stage, beside
    /// the other problems of the site, when the content folder is there.
    public static func problems(_ options: BuildOptions, requireTemplates: Bool) -> [SitegenError] {
        var problems: [SitegenError] = []
        let contentMissing = !isFolder(options.content)
        if contentMissing {
            problems.append(BuildOptionName.content.error(
                "no site here: the content folder is missing; make a new site with `sitegen init`, or choose the site's content folder",
                at: SourceLocation(file: options.displayName(options.content))))
        }
        if (requireTemplates || contentMissing), !isFolder(options.templates) {
            problems.append(TemplateSet.folderMissing(options.displayName(options.templates)))
        }
        return problems
    }

    private static func isFolder(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
    }
}
