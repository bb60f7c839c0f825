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
        return BuildOptionName.content.error(
            "no site here: the content folder is missing; make a new site with `sitegen init`, or choose the site's content folder",
            at: SourceLocation(file: contentName))
    }

    private static func isFolder(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
    }
}
