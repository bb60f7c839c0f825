import Foundation

/// The two folders a site is made of. Checked before a build takes its locks, before `watch`
/// and `serve` start, and before `new post` reads site.yml: in a folder that holds no site, a
/// build would leave lock files behind (which then make `sitegen init` refuse the folder as not
/// empty), a watcher would watch nothing for ever, since it watches only folders that exist when
/// it starts, and `new post` would name a missing site.yml rather than the missing site.
public enum SiteFolders {
    /// An error for each missing folder, the content folder first; none when both exist.
    /// `requireTemplates`: a build reports a missing templates folder in its load stage, beside
    /// the other problems of the site, when the content folder is there.
    public static func problems(_ options: BuildOptions, requireTemplates: Bool) -> [SitegenError] {
        problems(content: options.content, named: options.displayName(options.content),
                 templates: options.templates, named: options.displayName(options.templates), requireTemplates: requireTemplates)
    }

    /// The same for folders a command names itself (`new post`'s `--content` and `--templates`),
    /// each with its name for messages.
    public static func problems(content: URL, named contentName: String, templates: URL, named templatesName: String,
                                requireTemplates: Bool) -> [SitegenError] {
        var problems: [SitegenError] = []
        let missing = contentProblem(content, named: contentName)
        if let missing { problems.append(missing) }
        if (requireTemplates || missing != nil), !isFolder(templates) {
            problems.append(TemplateSet.folderMissing(templatesName))
        }
        return problems
    }

    /// The content folder alone, for a command that reads no templates (`fetch`).
    public static func contentProblem(_ content: URL, named contentName: String) -> SitegenError? {
        guard !isFolder(content) else { return nil }
        // Run from inside a site (its Content/news/, say): `init` would be the wrong advice.
        if let site = enclosingSite(of: content) {
            return BuildOptionName.content.error(
                "no site here: the content folder is missing; this folder is inside the site at \(site.path): run sitegen there",
                at: SourceLocation(file: contentName))
        }
        return BuildOptionName.content.error(
            "no site here: the content folder is missing; make a new site with `sitegen init`, or choose the site's content folder",
            at: SourceLocation(file: contentName))
    }

    /// The nearest folder above `content`'s that holds a content folder of the same name with
    /// a site.yml in it.
    static func enclosingSite(of content: URL) -> URL? {
        let name = content.lastPathComponent
        var folder = content.standardizedFileURL.deletingLastPathComponent()
        while folder.path != "/" {
            folder = folder.deletingLastPathComponent()
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).appendingPathComponent("site.yml").path) { return folder }
        }
        return nil
    }

    private static func isFolder(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
    }
}
