import ArgumentParser
import Foundation
import Sitegen
import SitegenCheck
import SitegenCore

/// `sitegen check [--strict]`: builds the site into a temporary folder and checks it, printing
/// every problem grouped by file. Exit 1 on errors, and with --strict on warnings too.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build the site into a temporary folder and check it: links, anchors, images, titles, descriptions, well-formed XML.",
        discussion: "Output/ and its manifest are never touched. Exit status: 0 when clean, 1 on errors (with --strict also on warnings), 2 on bad usage."
    )

    @OptionGroup var arguments: SiteArguments

    @Flag(help: "Fail (exit 1) on warnings too, as CI should.")
    var strict = false

    @Option(name: .customLong("expected-warnings"),
            help: "A file of build warnings (one a line, as `build` prints them) that are expected and not counted.")
    var expectedWarnings: String?

    func run() throws {
        var expected: Set<String> = []
        if let expectedWarnings {
            guard let text = try? String(contentsOfFile: expectedWarnings, encoding: .utf8) else {
                printError("error: cannot read \(expectedWarnings)")
                throw ExitCode(1)
            }
            expected = Set(text.split(separator: "\n").map(String.init))
        }
        let progress = ProgressDisplay.forStandardError(quiet: true, verbose: false)
        // `Sitegen.check` replaces the output folder with a temporary one of its own.
        let report = Sitegen.check(arguments.options(output: "Output", clean: true), expectedWarnings: expected, progress: progress,
                                   optionName: { $0.flag })
        progress.finish()
        var text = ""
        for group in report.grouped {
            text += group.file + (report.pageSources[group.file].map { " (from \($0))" } ?? "") + "\n"
            for problem in group.problems { text += "  \(problem.severity.rawValue): \(problem.message)\n" }
        }
        for (cause, message, pages) in report.widespread {
            let shown = pages.prefix(3).joined(separator: ", ") + (pages.count > 3 ? " and \(pages.count - 3) more pages" : "")
            switch cause {
            case .missing(let target):
                text += "\(target) (linked from \(pages.count) pages)\n"
                    + "  error: not in the site, linked from \(shown) (a template's or a partial's link, most likely)\n"
            case .outside(let link):
                text += "\(link) (in \(pages.count) pages)\n"
                    + "  error: \(message)\n  on \(shown) (a template's or a partial's link, most likely)\n"
            }
        }
        if !report.missingCache.isEmpty {
            text += "Cached files pages need and lack (\(report.missingCache.count)):\n"
            for need in report.missingCache { text += "  \(arguments.content)/\(need.file): \(need.purpose)\n" }
        }
        FileHandle.standardOutput.write(Data((text + report.summary + "\n").utf8))
        if report.errors > 0 || (strict && report.warnings > 0) { throw ExitCode(1) }
    }
}
