import ArgumentParser
import Foundation
import SitegenCore

/// `sitegen watch`: builds, then builds again whenever something under Content/ or Templates/
/// changes, until interrupted. The process keeps the last build's manifest and source digests
/// (`BuildMemory`) and learns from inotify which files changed, so a rebuild reads neither the
/// manifest nor the stat of every source: it costs what the change costs.
struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build, then rebuild whenever Content/ or Templates/ change (Linux).",
        discussion: "A failed build prints its error and leaves the output as it was (a disk error while publishing says so if it did not); the next change builds again. Stop with Ctrl-C."
    )

    @OptionGroup var arguments: BuildArguments

    func run() throws {
        #if os(Linux)
        unblockStopSignals()
        var options = arguments.options
        let memory = BuildMemory()
        // Watching starts before the first build, so an edit made while it runs is not missed.
        let watcher: SourceWatcher
        do {
            watcher = try SourceWatcher(roots: [("content", options.content), ("templates", options.templates),
                                                ("assets", options.templates.appendingPathComponent("assets"))])
        } catch {
            printError(error.description)
            throw ExitCode(1)
        }
        _ = arguments.build(options, memory: memory)
        options.clean = false
        if !arguments.quiet { printError("Watching \(watcher.folderCount) folders of \(arguments.content) and \(arguments.templates) for changes; Ctrl-C stops.") }
        while true {
            let changes = try watcher.nextChanges()
            for key in changes { memory.noteChange(key) }
            let named = changes.sorted().map(displayName)
            if arguments.verbose {
                for name in named { printError("changed: \(name)") }
            } else if !arguments.quiet, let first = named.first {
                printError("changed: \(first)\(named.count > 1 ? " and \(named.count - 1) more" : "")")
            }
            _ = arguments.build(options, memory: memory)
        }
        #else
        printError("sitegen watch needs Linux (inotify); run sitegen build after each change instead.")
        throw ExitCode(2)
        #endif
    }

    /// Lets Ctrl-C and `kill` stop the process whatever signal mask it inherited: a parent whose
    /// threads block SIGTERM (a test runner, some supervisors) passes that mask on to the
    /// processes it starts, which then never see the signal and watch on after their parent is
    /// gone. Called before any other thread starts, which inherit the main thread's mask.
    private func unblockStopSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// A watcher's key as the user named the folder: "content/news/a.md" → "Content/news/a.md".
    private func displayName(_ key: String) -> String {
        let (root, rest) = key.firstIndex(of: "/").map { (key[..<$0], key[$0...]) } ?? (key[...], ""[...])
        switch root {
        case "content": return arguments.content + rest
        case "templates": return arguments.templates + rest
        case "assets": return arguments.templates + "/assets" + rest
        default: return key
        }
    }
}
