import ArgumentParser
import Foundation
import Sitegen
import SitegenCore

struct SitegenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sitegen",
        abstract: "A static site generator for live-music sites.",
        version: Sitegen.version,
        subcommands: [Build.self, Watch.self, Serve.self, Fetch.self, Init.self, New.self, Check.self,
                      BenchMarkdown.self, BenchDiff.self, BenchJSON.self, BenchSearch.self],
        defaultSubcommand: Build.self
    )
}

/// What a build reads and how: the options of every command that builds the site, `check`
/// included (which builds into a folder of its own, so takes no output options).
struct SiteArguments: ParsableArguments {
    @Option(help: "The content folder: site.yml, news/, static/ and the cached API responses.")
    var content = "Content"

    @Option(help: "The templates folder (Mustache templates and assets/).")
    var templates = "Templates"

    @Option(help: "Build as if today were this day (YYYY-MM-DD): the one clock for everything dated. Default: today in the site's time zone.",
            transform: { text throws -> LocalDate in
                guard let date = LocalDate(iso: text) else { throw ValidationError("--date expects a day like 2026-11-22, got '\(text)'") }
                return date
            })
    var date: LocalDate?

    @Option(name: .customLong("base-url"), help: "Override site.yml's base_url, e.g. https://example.org/music/.")
    var baseURL: String?

    @Flag(help: "Include drafts and posts dated after the build date.")
    var drafts = false

    @Option(name: .customLong("listener"),
            help: "Show this Last.fm listener's charts instead of site.yml's list: a user name, optionally with a minimum play count (ybsc:2). Repeatable.",
            transform: { text throws -> ListenerOption in
                guard let listener = ListenerOption(argument: text) else { throw ValidationError(ListenerOption.expected) }
                return listener
            })
    var listeners: [ListenerOption] = []

    @Option(help: "Work on this many threads (default: all cores); walking and hashing source files and reading posts use up to four times as many.")
    var jobs: Int?

    func validate() throws {
        if let jobs, !(1...1024).contains(jobs) { throw ValidationError("--jobs expects a number from 1 to 1024, got \(jobs)") }
        if let baseURL, let fault = SiteConfig.baseURLFault(baseURL) {
            throw ValidationError("--base-url expects \(SiteConfig.baseURLExpected), got '\(baseURL)'" + fault.suffix)
        }
    }

    func options(output: String, clean: Bool) -> BuildOptions {
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var options = BuildOptions(content: URL(fileURLWithPath: content, relativeTo: here),
                                   templates: URL(fileURLWithPath: templates, relativeTo: here),
                                   output: URL(fileURLWithPath: output, relativeTo: here),
                                   date: date, baseURL: baseURL, includeDrafts: drafts, clean: clean,
                                   jobs: jobs ?? Parallel.cores)
        options.sectionOptions = listeners.map(\.listener)
        return options
    }
}

/// The options of the commands that publish into an output folder: `build`, `watch`, `serve`.
struct BuildArguments: ParsableArguments {
    @OptionGroup var site: SiteArguments

    @Option(help: "The output folder (default: Output; serve's default: Preview); it is replaced as a whole by every successful build.")
    var output: String?

    @Flag(help: "Ignore the last build's manifest: render and write everything.")
    var clean = false

    @Flag(name: .shortAndLong, help: "Print only warnings and errors.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Print what the build decided (sections kept, files written).")
    var verbose = false

    var content: String { site.content }
    var templates: String { site.templates }
    var options: BuildOptions { options(outputDefault: "Output") }

    /// The options with `--output`, else `outputDefault`: `serve` builds into a folder of its
    /// own, since its pages carry the preview's address and must never be the ones published.
    func options(outputDefault: String) -> BuildOptions { site.options(output: output ?? outputDefault, clean: clean) }

    /// A build's warnings. Rebuilding (`watch`, `serve`), those the last build printed are
    /// counted, not printed again, unless --verbose: the same few dozen (a cache's stored "not
    /// found" answers) after every save would bury the one the edit just caused.
    func printWarnings(_ warnings: [Warning], rebuilding: Bool) {
        let texts = warnings.map(\.description)
        let fresh = rebuilding ? PrintedWarnings.shared.fresh(texts) : texts
        for text in verbose ? texts : fresh { printError(text) }
        if !verbose, fresh.count < texts.count {
            printError("\((texts.count - fresh.count).counted("warning")) as in the last build (--verbose prints them every time)")
        }
    }

    /// Runs one build and prints its outcome (on failure, the message). `changes` (the source
    /// keys a watcher reported) lead its line: one line per rebuild says what changed and what it cost.
    func build(_ options: BuildOptions, memory: BuildMemory? = nil, changes: Set<String> = []) -> Result<BuildReport, SitegenError> {
        let cause = changeSummary(changes, memory: memory)
        let progress = ProgressDisplay.forStandardError(quiet: quiet, verbose: verbose)
        do {
            let report = try Sitegen.build(options, progress: progress, memory: memory)
            progress.finish()
            printWarnings(report.warnings, rebuilding: memory != nil)
            if verbose {
                for path in report.written { printError("written: \(path)") }
                for path in report.removed { printError("removed: \(path)") }
            }
            // Written at once, not through print's buffer: `watch` runs for long, often into a pipe.
            if !quiet { FileHandle.standardOutput.write(Data((cause + report.summary + "\n").utf8)) }
            return .success(report)
        } catch {
            progress.finish()
            printWarnings(error.warnings, rebuilding: memory != nil)
            printError(error.commandLineText)
            let stage = error.stage.map { " in its \($0) stage" } ?? ""
            let output = options.displayName(options.output)
            printError(cause + (error.outputChanged
                ? "Build failed while publishing; \(output) holds part of the new build until the next build repairs it."
                : "Build failed\(stage); \(output) was left as it was."))
            return .failure(error)
        }
    }
}

struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build Content/ through Templates/ into Output/.",
        discussion: "Exit status: 0 on success, 1 on bad input (the previous output is left as it was) or a disk error, 2 on bad usage."
    )

    @OptionGroup var arguments: BuildArguments

    func run() throws {
        var options = arguments.options
        options.endsProcess = true
        if let process = BuildLock.servingProcess(of: options.output) {
            printError("\(options.displayName(options.output)): error: sitegen serve\(process) previews into this folder, and its next rebuild "
                       + "would replace this build; build into another folder (the default is Output), or stop the preview")
            throw ExitCode(1)
        }
        if case .failure = arguments.build(options) { throw ExitCode(1) }
    }
}

extension BuildOptionName {
    /// The option as this command line spells it.
    var flag: String {
        switch self {
        case .content: "--content"
        case .templates: "--templates"
        case .baseURL: "--base-url"
        case .output: "--output"
        case .lockWait: "--wait SECONDS"
        case .address: "--bind"
        case .port: "--port"
        }
    }
}

extension SitegenError {
    /// The problems as this command line says them: an option named by its flag.
    var commandLineText: String { description { $0.flag } }
}

func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// A line on standard output, written at once (not through print's buffer: `watch` and `serve`
/// run for long, often into a pipe).
func printOut(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Parses and runs the command with the exit statuses the README promises: 0 success,
/// 1 bad input (thrown by `run` as ExitCode(1)), 2 bad usage (ArgumentParser would say 64).
func main() -> Never {
    if let message = UnknownCommand.message(for: Array(CommandLine.arguments.dropFirst())) {
        printError(message)
        exit(2)
    }
    do {
        var command = try SitegenCommand.parseAsRoot()
        try command.run()
        exit(0)
    } catch {
        if SitegenCommand.exitCode(for: error) == .validationFailure {
            printError(SitegenCommand.fullMessage(for: error))
            exit(2)
        }
        SitegenCommand.exit(withError: error)
    }
}

main()

/// The warnings the last build of this process printed (`BuildArguments.printWarnings`).
private final class PrintedWarnings: @unchecked Sendable {
    static let shared = PrintedWarnings()
    private let lock = NSLock()
    private var last: Set<String> = []

    /// Of `current`, those the last build did not print; `current` becomes the last build's.
    func fresh(_ current: [String]) -> [String] {
        lock.withLock {
            defer { last = Set(current) }
            return current.filter { !last.contains($0) }
        }
    }
}
