import ArgumentParser
import Foundation
import SitegenCore

/// `sitegen watch`: builds, then builds again whenever something under Content/ or Templates/
/// changes, until interrupted. The process keeps the last build's manifest and source digests
/// (`BuildMemory`) and learns from inotify which files changed, so a rebuild reads neither the
/// manifest nor the stat of every source: it costs what the change costs. Without inotify it
/// polls the folders (`RebuildLoop`).
struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build, then rebuild whenever Content/ or Templates/ change.",
        discussion: "A failed build prints its error and leaves the output as it was (a disk error while publishing says so if it did not); the next change builds again. Stop with Ctrl-C (or SIGTERM): after the build running then; a second one stops at once."
    )

    @OptionGroup var arguments: BuildArguments

    @Flag(help: "Scan the folders every second for changes instead of asking inotify (which Linux has and other systems lack).")
    var poll = false

    func run() throws {
        unblockStopSignals()
        try arguments.requireSite()
        var options = arguments.options
        let loop = RebuildLoop(options: options, polling: poll)
        options.waitForFetch = (keepWaiting: { !loop.isStopped }, announce: { printError($0) })
        // Handled, not left to the signals' inherited dispositions: a shell runs a command
        // started with `&` from a script with SIGINT ignored, and `kill -INT` then did nothing.
        // Set before "Watching" and the first build, so a stop asked for during either is not lost.
        let stops = StopSignals { loop.stop() }
        arguments.announceWatching(loop)
        _ = arguments.build(options, memory: loop.memory)
        options.clean = false
        do {
            try loop.run { changes in
                _ = arguments.build(options, memory: loop.memory, changes: changes)
            }
        } catch {
            printError(error.commandLineText)
            throw ExitCode(1)
        }
        withExtendedLifetime(stops) {}
        printOut("Stopped.")
    }
}

extension BuildArguments {
    /// Stops `watch` and `serve` before they start when the content or templates folder is
    /// missing: only folders that exist are watched, so one made later would never be seen.
    func requireSite() throws {
        guard let error = SitegenError.all(SiteFolders.problems(options, requireTemplates: true)) else { return }
        printError(error.commandLineText)
        throw ExitCode(1)
    }

    /// Says what is watched and how, once watching starts.
    func announceWatching(_ loop: RebuildLoop) {
        if let reason = loop.pollingReason {
            printError("Polling \(content) and \(templates) for changes every second (not inotify: \(reason)).")
        }
        if !quiet { printError("Watching \(loop.watcher.folderCount.counted("folder")) of \(content) and \(templates) for changes; Ctrl-C stops.") }
    }

    /// "changed: Content/news/a.md and 2 more · ", the start of a rebuild's line ("" for the
    /// first build); with --verbose every file is also listed on a line of its own.
    /// An editor that saves by renaming leaves its temporary file among the changes
    /// ("Content/sedaJMQf2"), gone by now: a path that is gone and that the last build did not
    /// read (`memory`) is left out, unless nothing else changed. Files that exist come first.
    func changeSummary(_ changes: Set<String>, memory: BuildMemory? = nil) -> String {
        let here = FileManager.default.currentDirectoryPath
        let all = changes.sorted().map { key in
            let name = displayName(key)
            return (key: key, name: name, exists: FileManager.default.fileExists(atPath: name.hasPrefix("/") ? name : here + "/" + name))
        }
        // Only content and assets are remembered by file. Of the templates folder, a file that
        // is gone and was no template or strings file is an editor's or sed's temporary one
        // ("sedcjxeXJ", "4913", "footer.mustache~").
        let meant = all.filter { change in
            if change.exists { return true }
            if change.key.hasPrefix("templates/") { return change.key.hasSuffix(".mustache") || change.key.hasSuffix(".yml") }
            return !(change.key.hasPrefix("content/") || change.key.hasPrefix("assets/")) || memory?.knewSource(change.key) != false
        }
        let named = (meant.isEmpty ? all : meant).sorted { $0.exists != $1.exists ? $0.exists : $0.name < $1.name }.map(\.name)
        guard let first = named.first else { return "" }
        if verbose { for name in named { printError("changed: \(name)") } }
        return "changed: \(first)\(named.count > 1 ? " and \(named.count - 1) more" : "") · "
    }

    /// A watcher's key as the user named the folder: "content/news/a.md" → "Content/news/a.md".
    private func displayName(_ key: String) -> String {
        let (root, rest) = key.firstIndex(of: "/").map { (key[..<$0], key[$0...]) } ?? (key[...], ""[...])
        switch root {
        case "content": return content + rest
        case "templates": return templates + rest
        case "assets": return templates + "/assets" + rest
        default: return key
        }
    }
}

/// Lets Ctrl-C and `kill` stop the process whatever signal mask it inherited: a parent whose
/// threads block SIGTERM (a test runner, some supervisors) passes that mask on to the
/// processes it starts, which then never see the signal and watch on after their parent is
/// gone. Called before any other thread starts, which inherit the main thread's mask.
func unblockStopSignals() {
    var signals = sigset_t()
    sigemptyset(&signals)
    for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, signal) }
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
}
