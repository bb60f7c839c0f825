import Foundation
import SitegenCore

/// The `.gitignore` that `sitegen init` gives a new site: a site is kept in git, and what a
/// build, `serve` and `fetch` leave beside Content/ must not be committed with it. That is the
/// built sites (Output/, and Preview/ whose pages carry the preview's address) and sitegen's
/// own files beside each folder it works on, all named ".<folder>.sitegen-…" (`URL.sidecar`):
/// the manifest, the memo, the locks, the staging folder and the journal of a publish.
enum SiteGitignore {
    static let name = ".gitignore"

    static let text = """
        # Made by sitegen: the built site, serve's preview, and the records and locks that
        # builds and fetches keep beside the folders they work on.
        /Output/
        /\(Serve.previewFolder)/
        /.Output.sitegen-*
        /.\(Serve.previewFolder).sitegen-*
        /.Content.sitegen-*

        """

    /// Writes the file into `folder` unless one is there already (`git init` with a template
    /// may have made one, and it is the author's): returns whether it wrote.
    static func write(in folder: URL, folderName: String) throws(SitegenError) -> Bool {
        let file = folder.appendingPathComponent(name)
        guard !FileManager.default.fileExists(atPath: file.path) else { return false }
        do {
            try Data(text.utf8).write(to: file, options: .withoutOverwriting)
        } catch {
            throw SitegenError("cannot write the new site's \(name): \(error.localizedDescription)",
                               at: SourceLocation(file: folderName == "." ? name : folderName + "/" + name))
        }
        return true
    }
}
