import ArgumentParser
import Foundation
import SitegenCore
import SitegenStarter

/// `sitegen init [DIR]`: a new site (Content/ and Templates/) in a new or empty folder.
struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make a new site in a new or empty folder: site.yml, the default templates, an example post, a .gitignore.",
        discussion: "Refuses a folder that holds anything visible (hidden entries, such as a new repository's .git, are fine). Then: cd DIR && sitegen build."
    )

    @Argument(help: "The folder for the new site: a new or empty one.")
    var folder = "."

    func run() throws {
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        do {
            let target = URL(fileURLWithPath: folder, relativeTo: here)
            var files = try SiteStarter.create(in: target, folderName: folder,
                                               today: BuildClock.systemToday(in: TimeZone(identifier: "UTC")!))
            if try SiteGitignore.write(in: target, folderName: folder) { files.append(SiteGitignore.name) }
            // A site made in the folder the shell is in needs no `cd` line.
            let change = folder == "." ? "" : "\n  cd \(folder.shellQuoted)"
            print("A new site in \(folder): \(files.count) files. Next:\(change)\n  sitegen build    # into Output/\n  sitegen check    # before you publish")
        } catch {
            printError(error.commandLineText)
            throw ExitCode(1)
        }
    }
}
