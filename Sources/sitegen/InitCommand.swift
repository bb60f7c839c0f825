import ArgumentParser
import Foundation
import SitegenCore
import SitegenStarter

/// `sitegen init [DIR]`: a new site (Content/ and Templates/) in a new or empty folder.
struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make a new site in a new or empty folder: site.yml, the default templates, an example post.",
        discussion: "Refuses a folder that is not empty. Then: cd DIR && sitegen build."
    )

    @Argument(help: "The folder for the new site (default: the current folder).")
    var folder = "."

    func run() throws {
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        do {
            let files = try SiteStarter.create(in: URL(fileURLWithPath: folder, relativeTo: here), folderName: folder,
                                               today: BuildClock.systemToday(in: TimeZone(identifier: "UTC")!))
            // A site made in the folder the shell is in needs no `cd` line.
            let change = folder == "." ? "" : "\n  cd \(folder)"
            print("A new site in \(folder): \(files.count) files. Next:\(change)\n  sitegen build    # into Output/\n  sitegen check    # before you publish")
        } catch {
            printError(error.commandLineText)
            throw ExitCode(1)
        }
    }
}
