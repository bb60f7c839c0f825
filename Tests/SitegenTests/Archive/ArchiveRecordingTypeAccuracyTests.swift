import Foundation
import Testing
@testable import SitegenArchive

/// The classifier measured on real archive.org items labelled by hand
/// (Fixtures/recording-types/README.md says how they were chosen and labelled).
@Suite("Archive recording type accuracy on labelled real items")
struct ArchiveRecordingTypeAccuracyTests {
    struct Item: Decodable {
        var identifier: String
        var source: String?
        var lineage: String?
        var taper: String?
        var subject: String?
        var notes: String?
        var description: String?
        var label: String
        var read: String
        var provenance: String
    }

    /// What was measured when the set was last labelled; a change to the rules or the
    /// vocabulary that reads fewer items right fails here.
    static let overallThreshold = 0.99
    static let perTypeThreshold = 0.96
    static let perTypeMinimumRows = 10
    /// The rows the set holds; it only grows.
    static let minimumRows = 356

    static func items() throws -> [Item] {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/recording-types/labelled-items", withExtension: "json"))
        return try JSONDecoder().decode([Item].self, from: Data(contentsOf: url))
    }

    static func classify(_ item: Item) -> RecordingType {
        RecordingTypeClassifier.classify(.init(identifier: item.identifier, source: item.source, lineage: item.lineage,
                                               taper: item.taper, subject: item.subject, notes: item.notes,
                                               description: item.description)).type
    }

    @Test("every row is real, labelled with a type and traced to its file")
    func rows() throws {
        let items = try Self.items()
        #expect(items.count >= Self.minimumRows)
        #expect(Set(items.map(\.identifier)).count == items.count, "one row per item")
        for item in items {
            #expect(RecordingType(rawValue: item.label) != nil, "\(item.identifier): label \(item.label)")
            #expect(item.provenance.hasPrefix("ds17f/dead-metadata stage01-collected-data/archive/\(item.identifier).json")
                    || item.provenance.hasPrefix("ds17f/dead tmp/data-v2.1.2/recordings/\(item.identifier).json @ "), "\(item.identifier)")
        }
        // Every type, `unknown` too, has enough rows for its own threshold to mean something.
        for type in RecordingType.allCases {
            let rows = items.filter { $0.label == type.rawValue }.count
            #expect(rows >= Self.perTypeMinimumRows, "\(type.rawValue): \(rows) rows")
        }
    }

    @Test("accuracy overall and per type, with the confusion matrix")
    func accuracy() throws {
        let items = try Self.items()
        let types = RecordingType.allCases
        var matrix: [RecordingType: [RecordingType: Int]] = [:]
        var misses: [String] = []
        for item in items {
            let expected = try #require(RecordingType(rawValue: item.label))
            let found = Self.classify(item)
            matrix[expected, default: [:]][found, default: 0] += 1
            if found != expected { misses.append("  \(item.identifier): labelled \(expected.rawValue), read \(found.rawValue)") }
        }
        let correct = types.reduce(0) { $0 + (matrix[$1]?[$1] ?? 0) }
        let overall = Double(correct) / Double(items.count)
        var report = "Recording type on \(items.count) labelled items: \(correct) right (\(Self.percent(overall)))\n"
        report += Self.table(matrix, types)
        if !misses.isEmpty { report += "Misread:\n" + misses.joined(separator: "\n") + "\n" }
        print(report)
        #expect(overall >= Self.overallThreshold, "\(report)")
        for type in types {
            let row = matrix[type] ?? [:]
            let total = row.values.reduce(0, +)
            guard total >= Self.perTypeMinimumRows else { continue }
            let share = Double(row[type] ?? 0) / Double(total)
            #expect(share >= Self.perTypeThreshold, "\(type.rawValue): \(Self.percent(share)) of \(total)\n\(report)")
        }
    }

    /// Rows: the label; columns: what the classifier read.
    static func table(_ matrix: [RecordingType: [RecordingType: Int]], _ types: [RecordingType]) -> String {
        let width = 8
        func cell(_ text: String) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
        var lines = [cell("label") + " |" + types.map { cell($0.rawValue) }.joined() + cell("right")]
        for type in types {
            let row = matrix[type] ?? [:]
            let total = row.values.reduce(0, +)
            let right = total == 0 ? "-" : percent(Double(row[type] ?? 0) / Double(total))
            lines.append(cell(type.rawValue) + " |" + types.map { cell(String(row[$0] ?? 0)) }.joined() + cell(right))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func percent(_ share: Double) -> String { String(format: "%.1f %%", share * 100) }
}
