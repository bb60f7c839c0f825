import ArgumentParser
import Foundation
import Sitegen
import SitegenCore

/// `sitegen bench-search --content DIR`: the search index writer alone, on a loaded site. Loads
/// every section (not timed), then times each section's `searchRecords` and the index files
/// made from them, and reports their counts and sizes; `--write DIR` writes the files, for
/// measuring what a browser fetches (Scripts/search-browser.py --measure).
struct BenchSearch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-search",
        abstract: "Benchmark hook: time the search index of every section of a content folder, in process.",
        shouldDisplay: false)

    @Option(help: "The content folder.")
    var content = "Content"

    @Option(help: "The build date (YYYY-MM-DD).")
    var date = "2026-11-22"

    @Option(help: "Write the index files under this folder (as Output/ would hold them).")
    var write: String?

    /// User and system CPU time of the process so far: the machine is shared, so wall time
    /// says little.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    func run() throws {
        let warnings = WarningLog()
        let folder = URL(fileURLWithPath: content)
        let config = try SiteConfig.load(folder.appendingPathComponent("site.yml"), displayPath: content + "/site.yml",
                                         sectionKeys: Set(SectionRegistry.all.map { $0.key }), warnings: warnings)
        guard let today = LocalDate(iso: date) else { throw ValidationError("--date expects a day like 2026-11-22") }
        let clock = BuildClock(today: today, timeZone: config.timeZone)
        let load = LoadContext(contentDirectory: folder, contentName: content, config: config, clock: clock,
                               includeDrafts: false, warnings: warnings)
        let pages = PageContext(config: config, clock: clock, jobs: Parallel.cores)
        for type in SectionRegistry.all {
            guard let section = try type.load(load) else { continue }
            let start = Date()
            let startCPU = Self.cpuSeconds()
            let records = section.searchRecords(pages)
            let recordsTime = Date().timeIntervalSince(start)
            let recordsCPU = Self.cpuSeconds() - startCPU
            let files = SearchIndex.pages(owner: type.key, records: records, settings: config.search, jobs: Parallel.cores)
            let total = Date().timeIntervalSince(start)
            let totalCPU = Self.cpuSeconds() - startCPU
            var sizes: [(path: String, bytes: Int)] = []
            for file in files {
                guard case .text(let text) = file.body else { continue }
                sizes.append((file.path.value, text.utf8.count))
                if let write {
                    let url = URL(fileURLWithPath: write).appendingPathComponent(file.path.value)
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(text.utf8).write(to: url)
                }
            }
            let shards = sizes.filter { $0.path.contains("/t/") }.map(\.bytes).sorted()
            let docs = sizes.filter { $0.path.contains("/d/") }.map(\.bytes)
            let index = sizes.first { $0.path.hasSuffix("index.json") }?.bytes ?? 0
            func median(_ values: [Int]) -> Int { values.isEmpty ? 0 : values[values.count / 2] }
            print("\(type.key): \(records.count) records · records \(String(format: "%.3f", recordsTime)) s (CPU \(String(format: "%.3f", recordsCPU)) s), index files "
                  + "\(String(format: "%.3f", total - recordsTime)) s (CPU \(String(format: "%.3f", totalCPU - recordsCPU)) s) · \(files.count) files, \(sizes.reduce(0) { $0 + $1.bytes }) bytes · "
                  + "index.json \(index) B · \(shards.count) shards (median \(median(shards)) B, largest \(shards.last ?? 0) B) · "
                  + "\(docs.count) document files (median \(median(docs)) B)")
        }
    }
}
