import Foundation

/// The fingerprint of everything a template can read of a view model: every stored field of
/// every struct in it, reached the way `TemplateValues.flatten` reaches them (the same kinds, the
/// same tables). A page whose model is made when its list is made depends on this, so a field
/// added to a view model is part of the page's fingerprint without anyone listing it.
///
/// Each value is written with a tag and its length, so two different models cannot write the
/// same bytes: `["ab", "c"]` and `["a", "bc"]`, nil and "", 1 and "1" all differ.
public enum ModelFingerprint {
    public static func of(_ model: Any) -> String { recorded(model).digest.description }

    /// A model's fingerprint, and the cached partials it names: a page depends on their
    /// templates as on its own.
    public struct Recorded: Sendable {
        let digest: Digest
        /// Sorted; empty for most models.
        let partials: [String]
    }

    /// `shared` keeps the fingerprints of cached partials' models by key for one build: the
    /// renderer renders a key once (`CachedPartial`), and a post's summary is in a hundred lists.
    static func recorded(_ model: Any, shared: SharedPartials? = nil) -> Recorded {
        var writer = Writer(shared: shared)
        writer.write(model)
        return Recorded(digest: writer.bytes.withUnsafeBytes { Digest.of($0) }, partials: writer.partials.sorted())
    }

    /// The fingerprints of cached partials' models met in one build, by partial and key.
    final class SharedPartials: @unchecked Sendable {
        private var known: [String: Recorded] = [:]
        private let lock = NSLock()

        func recorded(_ partial: CachedPartial) -> Recorded {
            let key = partial.partial + "\u{0}" + partial.key
            if let found = lock.withLock({ known[key] }) { return found }
            let made = ModelFingerprint.recorded(partial.model)
            lock.withLock { known[key] = made }
            return made
        }
    }

    private struct Writer {
        let shared: SharedPartials?
        var bytes: [UInt8] = []
        var partials: Set<String> = []
        private let kinds = ValueKind.Cache()

        mutating func write(_ value: Any) {
            switch kinds.kind(of: value) {
            case .text:
                text("s", ValueKind.cast(value, to: String.self))
            case .number:
                text("n", String(ValueKind.cast(value, to: Int.self)))
            case .substring:
                text("s", String(ValueKind.cast(value, to: Substring.self)))
            case .partial:
                let partial = ValueKind.cast(value, to: CachedPartial.self)
                text("p", partial.partial)
                text("s", partial.key)
                partials.insert(partial.partial)
                if let shared {
                    let model = shared.recorded(partial)
                    withUnsafeBytes(of: model.digest) { bytes.append(contentsOf: $0) }
                    partials.formUnion(model.partials)
                } else {
                    write(partial.model)
                }
            case .list(let elements):
                let values = elements(value) { $0 }
                mark("[", values.count)
                for element in values { write(element) }
            case .fields(let table):
                mark("{", table.count)
                let fields = UnsafeMutablePointer<Any?>.allocate(capacity: table.count)
                defer { fields.deinitialize(count: table.count); fields.deallocate() }
                table.read(value, { $0 }, fields)
                for index in 0..<table.count { optional(fields[index]) }
            case .optional(let wrapped):
                optional(wrapped(value))
            case .object, .collection, .kept:
                reflected(value)
            }
        }

        /// Values the engine reads through `Mirror`, and those it prints.
        private mutating func reflected(_ value: Any) {
            // Flags are in most rows of a page's lists: told by one cast, not by a `Mirror`
            // and the printed type name, the general path below.
            if type(of: value) == Bool.self {
                return bytes.append(ValueKind.cast(value, to: Bool.self) ? UInt8(ascii: "T") : UInt8(ascii: "F"))
            }
            let mirror = Mirror(reflecting: value)
            switch mirror.displayStyle {
            // A struct here is one the engine reads itself (a `MustacheParent`).
            case .struct?, .class?, .tuple?, .collection?:
                mark("(", mirror.children.count)
                for child in mirror.children {
                    text("l", child.label ?? "")
                    write(child.value)
                }
            case .set?, .dictionary?:
                // In the order of their contents: a dictionary's own order changes from one
                // process to the next (hashing is seeded per process).
                var elements: [[UInt8]] = []
                for child in mirror.children {
                    var element = Writer(shared: shared)
                    element.write(child.value)
                    elements.append(element.bytes)
                    partials.formUnion(element.partials)
                }
                mark("<", elements.count)
                for element in elements.sorted(by: { $0.lexicographicallyPrecedes($1) }) { bytes.append(contentsOf: element) }
            default:
                // Enums, Double and other values the engine prints: what it prints of them, with
                // their type, since `1.0` and "1.0" render alike but are different models.
                text("k", "\(type(of: value))=\(value)")
            }
        }

        private mutating func optional(_ value: Any?) {
            guard let value else { return bytes.append(0) }
            bytes.append(1)
            write(value)
        }

        private mutating func mark(_ tag: Unicode.Scalar, _ count: Int) {
            bytes.append(UInt8(ascii: tag))
            length(count)
        }

        private mutating func text(_ tag: Unicode.Scalar, _ string: String) {
            var string = string
            string.withUTF8 { utf8 in
                mark(tag, utf8.count)
                bytes.append(contentsOf: utf8)
            }
        }

        private mutating func length(_ count: Int) {
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: count).littleEndian) { bytes.append(contentsOf: $0) }
        }
    }
}
