import ArgumentParser
import Dispatch
import Foundation
import SitegenCore
import SitegenServe

/// `sitegen serve`: builds, serves the output over HTTP where base_url puts it, rebuilds on every
/// change as `watch` does, and reloads the open pages (or shows them the build's error).
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build into Preview/, serve it on a local address, and rebuild and reload the open pages on every change.",
        // Spelt out: past twelve options ArgumentParser's own line says only "<options>", and
        // serve has fourteen (CommandLineTests checks that every option is here).
        usage: """
            sitegen serve [--content <content>] [--templates <templates>] [--date <date>] [--base-url <base-url>] \
            [--drafts] [--listener <listener> ...] [--jobs <jobs>] [--output <output>] [--clean] [--quiet] [--verbose] \
            [--port <port>] [--bind <bind>] [--poll]
            """,
        discussion: "The site is served under the path of its base_url (with base_url https://example.org/music/ at http://127.0.0.1:1313/music/) and built with the preview's address as base URL, into a folder of its own (Preview unless --output names another), so Output/ never holds pages that link to the preview. A failed build shows its error over the open pages, and the last good site stays served. Stop with Ctrl-C."
    )

    @OptionGroup var arguments: BuildArguments

    /// Where `serve` builds unless `--output` says otherwise: not Output/, whose pages are the
    /// ones published, as `hugo server` and `zola serve` keep their previews out of theirs.
    static let previewFolder = "Preview"

    @Option(help: "The port to listen on (0: any free port).")
    var port = 1313

    @Option(help: "The address to listen on: loopback unless told otherwise (0.0.0.0 lets every machine that reaches this one see the preview).")
    var bind = "127.0.0.1"

    @Flag(help: "Scan the folders every second for changes instead of asking inotify (which Linux has and other systems lack).")
    var poll = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port expects a number from 0 to 65535, got \(port)") }
    }

    func run() throws {
        unblockStopSignals()
        try arguments.requireSite()
        var settings = PreviewSession.Settings()
        settings.bind = bind == "localhost" ? "127.0.0.1" : bind
        settings.port = UInt16(port)
        settings.polling = poll
        let arguments = self.arguments
        let options = arguments.options(outputDefault: Self.previewFolder)
        let session: PreviewSession
        let address: String
        do {
            // base_url's path, read again from site.yml, can move the site: the author is told
            // where to once a build there has succeeded (a failed one moves nothing).
            let announced = Announced()
            session = try PreviewSession(options: options, settings: settings) { options, memory, changes in
                let result = arguments.build(options, memory: memory, changes: changes)
                if case .success = result, let address = options.baseURL, announced.replace(with: address) {
                    printOut("The site moved with base_url: now at \(address)")
                }
                return result
            }
            address = try waitFor { () async throws(SitegenError) -> String in try await session.start() }
            _ = announced.replace(with: address)
        } catch {
            printError(error.commandLineText)
            throw ExitCode(1)
        }
        if !session.isLoopback {
            printError("""
                WARNING: listening on \(bind), not on loopback: every machine that can reach this one can read the \
                preview (drafts included with --drafts). The preview server is made for one author's machine, not for hosting.
                """)
        }
        // Set before the first build (and before "Watching", which a script may wait for), as
        // `watch` does: a stop asked for during it ends the command once the build has (Ctrl-C
        // had killed it there, staging folder and all).
        let stops = stopOnSignals(session)
        arguments.announceWatching(session.rebuilds)
        session.buildFirst()
        if !session.rebuilds.isStopped {
            printOut("Serving \(options.displayName(options.output)) at \(address) (live reload on); Ctrl-C stops.")
        }
        do {
            try session.watch()
        } catch {
            printError(error.commandLineText)
            throw ExitCode(1)
        }
        waitFor { await session.stop() }
        withExtendedLifetime(stops) {}
        printOut("Stopped.")
    }

    /// Ctrl-C (or SIGTERM) stops watching once the build running now has ended; a second one
    /// stops at once.
    private func stopOnSignals(_ session: PreviewSession) -> StopSignals {
        StopSignals { session.rebuilds.stop() }
    }
}


/// The address last told to the author.
private final class Announced: @unchecked Sendable {
    private let lock = NSLock()
    private var address: String?

    /// Whether `new` differs from an address told before (the first is told by the ready line).
    func replace(with new: String) -> Bool {
        lock.withLock {
            defer { address = new }
            return address != nil && address != new
        }
    }
}
