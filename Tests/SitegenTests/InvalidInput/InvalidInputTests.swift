import Foundation
import Sitegen
import SitegenCore
import Testing

/// Every broken and hostile site of the fixture set (Invalid/ and `GeneratedCases`), built
/// through the real build. Besides each case's own outcome and message, every build must end
/// with success or an error (never a crash or a hang), within a time bound; a failed build
/// leaves Output/ byte-identical; no build writes anything outside Output/ and its records; and
/// no output file carries a payload unescaped. Each case is also built by the `sitegen build`
/// command, whose exit status must be 0 or 1 (the one the build's outcome calls for), within
/// the time bound and a memory bound of its own (`ChildRun`: measured by the kernel).
@Suite("Invalid and hostile input")
struct InvalidInputTests {
    static let date = "2026-11-22"
    /// Seconds a build of the tiny base site may take, even under a test run's load: a hang (a
    /// read of /dev/zero, an alias bomb) goes far past it.
    static let timeBound = 30.0
    /// The test process's peak resident memory after a case, in bytes.
    static let memoryBound = 2 << 30
    /// A command's peak resident memory on one case's tiny site: a read of /dev/zero or an
    /// expanding alias goes far past it.
    static let commandMemoryBound = 512 << 20

    /// The base site, built once: each case starts from a copy of it, output and records included.
    static let base: URL = {
        let root = try! TemporaryFolder.make("invalid-base")
        try! FileManager.default.copyItem(at: TestPaths.testsFolder.appendingPathComponent("Invalid/_base/Content"),
                                          to: root.appendingPathComponent("Content"))
        try! FileManager.default.copyItem(at: TestPaths.templates, to: root.appendingPathComponent("Templates"))
        _ = try! Sitegen.build(options(root))
        return root
    }()

    static func options(_ root: URL) -> BuildOptions {
        BuildOptions(content: root.appendingPathComponent("Content"), templates: root.appendingPathComponent("Templates"),
                     output: root.appendingPathComponent("Output"), date: LocalDate(iso: date), workingDirectory: root, jobs: 2)
    }

    static let cases: [InvalidCase] = {
        let folders = (try? InvalidCase.folders()) ?? []
        let generated = (try? GeneratedCases.all(base: TestPaths.testsFolder.appendingPathComponent("Invalid/_base"))) ?? []
        return folders + generated
    }()

    @Test func theFixtureSetIsLarge() throws {
        // `cases` cannot throw (it is the tests' arguments): a case folder it could not read
        // would silently leave the run, so the folders are read here once more, as they are.
        let folders = try InvalidCase.folders()
        let generated = try GeneratedCases.all(base: TestPaths.testsFolder.appendingPathComponent("Invalid/_base"))
        #expect(folders.count >= 100, "\(folders.count) hand-written cases")
        #expect(generated.count >= 50, "\(generated.count) generated cases")
        #expect(Self.cases.count == folders.count + generated.count)
        #expect(Set(Self.cases.map(\.name)).count == Self.cases.count, "case names are unique")
    }

    @Test("each case", arguments: cases)
    func eachCase(_ invalid: InvalidCase) throws {
        let root = TemporaryFolder.path("invalid")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.copyItem(at: Self.base, to: root)
        let output = root.appendingPathComponent("Output")
        try invalid.apply(to: root)
        let before = SiteFiles.read(output)
        let around = Self.outside(root)

        // The command as the scheduler runs it, on the same input laid over a site of its own:
        // it ends with status 0 or 1 (never a trap or a signal), within the time bound and the
        // memory bound of its own. It runs first: a build that hangs is killed at the bound and
        // fails the case here, where the build in this process below would hold the test run.
        let commandRoot = TemporaryFolder.path("invalid-command")
        defer { try? FileManager.default.removeItem(at: commandRoot) }
        try FileManager.default.copyItem(at: Self.base, to: commandRoot)
        try invalid.apply(to: commandRoot)
        let command = try ChildRun.run(TestPaths.executable, ["build", "--date", Self.date, "--quiet", "--jobs", "2",
                                                              "--content", commandRoot.appendingPathComponent("Content").path,
                                                              "--templates", commandRoot.appendingPathComponent("Templates").path,
                                                              "--output", commandRoot.appendingPathComponent("Output").path], limit: Self.timeBound)
        #expect(command.seconds < Self.timeBound, "the command took \(command.seconds) s")
        #expect(command.peakBytes < Self.commandMemoryBound, "the command's peak memory: \(command.peakBytes) bytes")
        if let signal = command.signal {
            Issue.record("the command ended by signal \(signal) (a trap, or killed at the time bound); the case was not built in this process")
            return
        }

        let started = Date()
        var failure: SitegenError?
        var report: BuildReport?
        do { report = try Sitegen.build(Self.options(root)) } catch { failure = error }
        let seconds = Date().timeIntervalSince(started)

        #expect(seconds < Self.timeBound, "the build took \(seconds) s")
        #expect(Self.peakMemory < Self.memoryBound, "peak memory \(Self.peakMemory) bytes")
        #expect(Self.outside(root) == around, "the build changed files outside Output/")
        if let failure {
            #expect(SiteFiles.read(output) == before, "a failed build changed Output/")
            switch invalid.outcome {
            case .error, .survives:
                for message in invalid.messages { #expect(failure.description.contains(message), "\(failure.description)") }
            case .warning, .ok: Issue.record("expected success, got: \(failure.description)")
            }
        } else if let report {
            let warnings = report.warnings.map(\.description)
            switch invalid.outcome {
            case .error: Issue.record("expected an error containing '\(invalid.message)'; warnings: \(warnings)")
            case .warning:
                for message in invalid.messages { #expect(warnings.contains { $0.contains(message) }, "\(warnings)") }
            case .ok: #expect(warnings.isEmpty, "expected no warning: \(warnings)")
            case .survives: break
            }
            for text in invalid.unwarned { #expect(!warnings.contains { $0.contains(text) }, "a warning names '\(text)': \(warnings)") }
            for (path, text) in invalid.shows {
                let page = (try? String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)) ?? ""
                #expect(page.contains(text), "\(path) does not say '\(text)'")
            }
            for (path, text) in invalid.lacks {
                // A page that is not there lacks everything: `absent` says that, not `lacks`.
                let page = try #require(try? String(contentsOf: output.appendingPathComponent(path), encoding: .utf8), "\(path) is not published")
                #expect(!page.contains(text), "\(path) says '\(text)'")
            }
            for path in invalid.absent {
                #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path), "\(path) is still published")
            }
        }
        for problem in Self.payloadProblems(SiteFiles.read(output)) { Issue.record(Comment(rawValue: problem)) }

        #expect(command.status == (failure == nil ? 0 : 1), "exit status \(String(describing: command.status)) where the build here \(failure == nil ? "succeeded" : "failed")")
    }

    /// Every error and warning case applied to a site beside other cases. Two cases that change
    /// the same file (or a folder the other's file is in) cannot share a site, so the cases are
    /// packed in order into as few sites as that allows, the first taking most of them; each
    /// site's build must report every error of its cases in the one error it reports, and their
    /// warnings with it (but those of a file read only through a broken one). Only the cases
    /// that remove site.yml are left to run alone: without settings nothing else is read.
    @Test func everyCaseAtOnce() throws {
        var remaining = Self.cases.filter {
            ($0.outcome == .error || $0.outcome == .warning) && !$0.removals.contains("Content/site.yml")
        }
        #expect(remaining.count >= 90, "\(remaining.count) cases to combine")
        let total = remaining.count
        var sizes: [Int] = []
        var checked = 0
        while !remaining.isEmpty {
            var taken: Set<String> = []
            var applied: [InvalidCase] = []
            var left: [InvalidCase] = []
            for invalid in remaining {
                let paths = Set(invalid.files.keys).union(invalid.symlinks.map(\.path)).union(invalid.fifos)
                    .union(invalid.removals).union(invalid.sized.map(\.path))
                let clashes = paths.contains { path in taken.contains { $0 == path || $0.hasPrefix(path + "/") || path.hasPrefix($0 + "/") } }
                if clashes { left.append(invalid) } else { taken.formUnion(paths); applied.append(invalid) }
            }
            checked += try Self.buildAtOnce(applied)
            sizes.append(applied.count)
            remaining = left
        }
        #expect(sizes.first ?? 0 >= 30, "cases in each combined site: \(sizes)")
        // Only a warning read through a file an error case broke goes unchecked: a few (7 of 93).
        #expect(checked * 10 >= total * 9, "\(checked) of \(total) cases checked beside others")
    }

    /// Builds the base site with every one of `cases` applied, and checks that the one failed
    /// build reports each error case's messages and each warning case's warnings. Returns how
    /// many cases it checked.
    static func buildAtOnce(_ cases: [InvalidCase]) throws -> Int {
        var checked = 0
        let root = TemporaryFolder.path("invalid-all")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.copyItem(at: Self.base, to: root)
        for invalid in cases { try invalid.apply(to: root) }
        let names = cases.map(\.name)
        do {
            let report = try Sitegen.build(Self.options(root))
            // A site of warning cases alone builds, and warns of each of them.
            let warnings = report.warnings.map(\.description)
            #expect(!cases.contains { $0.outcome == .error }, "the build of \(names) succeeded")
            for invalid in cases {
                checked += 1
                for message in invalid.messages {
                    #expect(warnings.contains { $0.contains(message) }, "\(invalid.name): '\(message)' not reported beside \(names)")
                }
            }
        } catch {
            #expect(cases.contains { $0.outcome == .error }, "the build of \(names) failed: \(error.description)")
            // Loaders go on past a bad file, so every warning comes too, even from a section
            // that also had an error case; but for files read only through a broken one, below
            // its folder (an event's details are read for the events of a readable calendar).
            // A broken site.yml cuts nothing off: only a file in a section's folder has files below it.
            let broken = cases.filter { $0.outcome == .error }.flatMap {
                $0.files.keys.filter { $0.split(separator: "/").count > 2 }.map { ($0 as NSString).deletingLastPathComponent + "/" }
            }
            let warnings = error.warnings.map(\.description)
            for invalid in cases where invalid.outcome == .error || !invalid.files.keys.contains(where: { file in
                broken.contains { file.hasPrefix($0) && file.dropFirst($0.count).contains("/") }
            }) {
                checked += 1
                for message in invalid.messages {
                    let reported = invalid.outcome == .error ? error.description.contains(message)
                        : warnings.contains { $0.contains(message) }
                    #expect(reported, "\(invalid.name): '\(message)' not reported beside \(names)")
                }
            }
        }
        return checked
    }

    /// Every file under the site folder but the output and the build's records, by path.
    static func outside(_ root: URL) -> [String: Data] {
        SiteFiles.read(root).filter { !$0.key.hasPrefix("Output/") && !$0.key.hasPrefix(".Output.") }
    }

    /// Markup, script URLs and control characters that reached output files unescaped.
    static func payloadProblems(_ files: [String: Data]) -> [String] {
        var problems: [String] = []
        for (path, data) in files.sorted(by: { $0.key < $1.key }) {
            if let byte = data.first(where: { InputText.isForbiddenControl($0) }) {
                problems.append("\(path): control byte 0x\(String(byte, radix: 16))")
            }
            // Markup is a payload only where a browser reads markup: a calendar's text is text.
            let markup = [".html", ".xml", ".svg"].contains { path.hasSuffix($0) }
            let text = String(decoding: data, as: UTF8.self).lowercased()
            for marker in ["<script>pwn", "<img src=x onerror", "href=\"javascript:", "src=\"javascript:", "href='javascript:"]
            where markup && text.contains(marker) {
                problems.append("\(path): \(marker)")
            }
        }
        return problems
    }

    static var peakMemory: Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }
}
