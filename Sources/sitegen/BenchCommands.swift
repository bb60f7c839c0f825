import ArgumentParser
import Foundation
import SitegenCore

// The benchmark hooks are left out of `sitegen --help` (`shouldDisplay: false`): they are for
// Benchmarks/run.sh, not for site owners, and stay callable by name.

/// `sitegen bench-markdown FILE`: the markdown stage alone, timed from outside like `cmark FILE`
/// (Benchmarks/run.sh compares the two). Same renderer and options as the news section.
struct BenchMarkdown: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-markdown",
        abstract: "Benchmark hook: convert one CommonMark file as news posts are converted, HTML to standard output.",
        shouldDisplay: false)

    @Argument(help: "A UTF-8 CommonMark file.")
    var file: String

    func run() throws {
        // Mapped and validated into the String in one copy: String(contentsOfFile:) reads the
        // file, then copies and validates it, and the measure is meant to be the conversion.
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: file), options: .alwaysMapped),
              let source = Self.text(data) else {
            printError("error: cannot read \(file) as UTF-8 text")
            throw ExitCode(1)
        }
        var html = Markdown().html(source, sitePrefix: "../../")
        try html.withUTF8 { try FileHandle.standardOutput.write(contentsOf: UnsafeRawBufferPointer($0)) }
    }

    /// The bytes as text if they are valid UTF-8 (`String(validating:)` is macOS 15 and later).
    private static func text(_ data: Data) -> String? {
        if #available(macOS 15, *) { return String(validating: data, as: UTF8.self) }
        return String(data: data, encoding: .utf8)
    }
}

/// `sitegen bench-diff --count N`: the collection difference on two seeded lists of N items
/// shaped like a build's output files, with 1 % deletions, insertions and updates and 0.5 % moves.
struct BenchDiff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-diff",
        abstract: "Benchmark hook: time ListDiff on two lists of N identifiable items, in process.",
        shouldDisplay: false)

    @Option(help: "Items per list.")
    var count = 100_000

    @Option(help: "Timed repetitions; the median is reported.")
    var repetitions = 21

    struct Item: Identifiable, Equatable {
        let id: String
        var digest: Int
    }

    func run() throws {
        var random = SeededRandom(seed: 42)
        let old = (0..<count).map { Item(id: "artists/band-\($0 / 50)/concert-\($0)/index.html", digest: $0) }
        var new = old
        let percent = max(1, count / 100)
        for _ in 0..<percent { new.remove(at: Int(random.next() % UInt64(new.count))) }
        for index in 0..<percent { new.insert(Item(id: "new/\(index)/index.html", digest: 0), at: Int(random.next() % UInt64(new.count + 1))) }
        for _ in 0..<percent { new[Int(random.next() % UInt64(new.count))].digest += 1 }
        for _ in 0..<percent / 2 {
            let moved = new.remove(at: Int(random.next() % UInt64(new.count)))
            new.insert(moved, at: Int(random.next() % UInt64(new.count + 1)))
        }
        let diff = ListDiff(from: old, to: new)
        guard diff.apply(to: old) == new else {
            printError("error: applying the difference did not give the new list")
            throw ExitCode(1)
        }
        var times: [Double] = []
        for _ in 0..<max(1, repetitions) {
            let start = ContinuousClock.now
            withExtendedLifetime(ListDiff(from: old, to: new)) {}
            let elapsed = ContinuousClock.now - start
            times.append(elapsed.seconds * 1e3)
        }
        times.sort()
        let changes = diff.deletions.count + diff.insertions.count + diff.moves.count + diff.updates.count
        print(String(format: "diff: count=%d changes=%d median_ms=%.2f min_ms=%.2f", count, changes, times[times.count / 2], times[0]))
    }
}

/// `sitegen bench-json FILE...`: parse cached JSON files as the loaders do (the load stage's
/// dominant cost at archive scale), reporting MB/s of the median of a few repetitions.
struct BenchJSON: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-json",
        abstract: "Benchmark hook: parse JSON files as the cache loaders do and report MB/s.",
        shouldDisplay: false)

    @Argument(help: "JSON files.")
    var files: [String]

    @Option(help: "Timed repetitions; the median is reported.")
    var repetitions = 5

    func run() throws {
        let inputs = try files.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        let bytes = inputs.reduce(0) { $0 + $1.count }
        var times: [Double] = []
        for _ in 0..<max(1, repetitions) {
            let start = ContinuousClock.now
            for (data, name) in zip(inputs, files) { _ = try JSON.parse(data, file: name) }
            let elapsed = ContinuousClock.now - start
            times.append(elapsed.seconds)
        }
        times.sort()
        let median = times[times.count / 2]
        print(String(format: "json: files=%d bytes=%d median_s=%.3f mb_per_s=%.1f", files.count, bytes, median, Double(bytes) / 1e6 / median))
    }
}
