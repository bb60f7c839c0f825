import Mustache

/// Turns a view model (plain structs, arrays, optionals) into values the engine reads directly,
/// once per render. swift-mustache looks a struct's fields up through a fresh `Mirror` for every
/// tag; reflecting each value once and looking names up in the result keeps templates fast
/// without view models knowing about the engine.
///
/// Structs become `TemplateFields`, strings and integers `PrintedText` and `PrintedNumber`. A
/// `CachedPartial` becomes fields with one entry, `html`, rendered by `renderPartial` (which
/// caches it).
struct TemplateValues {
    let renderPartial: (CachedPartial) -> String
    /// The kinds this render has met (a flattening runs on one thread).
    private let kinds = ValueKind.Cache()

    init(renderPartial: @escaping (CachedPartial) -> String) {
        self.renderPartial = renderPartial
    }

    /// For values that hold no cached partials (the site chrome, navigation).
    static var plain: TemplateValues { TemplateValues { _ in "" } }

    /// A cached partial's one field.
    private static let partialPositions = FieldPositions(["html"])

    func flatten(_ value: Any) -> Any? {
        switch kinds.kind(of: value) {
        case .text:
            return PrintedText(ValueKind.cast(value, to: String.self))
        case .number:
            return PrintedNumber(ValueKind.cast(value, to: Int.self))
        case .substring:
            return PrintedText(String(ValueKind.cast(value, to: Substring.self)))
        case .partial:
            let html = PrintedText(renderPartial(ValueKind.cast(value, to: CachedPartial.self)))
            return TemplateFields(positions: Self.partialPositions, count: 1) { $0.initialize(to: html) }
        case .list(let elements):
            return elements(value, flatten)
        case .fields(let table):
            return TemplateFields(positions: table.positions, count: table.count) { table.read(value, flatten, $0) }
        case .optional(let wrapped):
            return wrapped(value).flatMap(flatten)
        case .object:
            let mirror = Mirror(reflecting: value)
            var fields: [String: Any] = [:]
            fields.reserveCapacity(Int(mirror.children.count))
            for child in mirror.children {
                if let label = child.label, let flattened = flatten(child.value) { fields[label] = flattened }
            }
            return TemplateFields(fields)
        case .collection:
            return Mirror(reflecting: value).children.compactMap { flatten($0.value) }
        case .kept:
            return value
        }
    }
}

/// The fields of a flattened struct. A struct of one reference, which the engine's `Any` holds
/// without a box of its own: swift-mustache casts every value on the context stack for every
/// tag it looks up, most of those casts fail, and on Linux a failed cast of a class instance
/// also asks whether it is Foundation's box for a Swift value; a dictionary's conditional
/// conformance costs more still. The engine copies each value it looks up or pushes, several
/// times: one reference is one retain a copy, where the names' table and the values apart were
/// three (retains and releases are a build's largest single cost). The names' positions are the
/// struct type's table, shared by all its values, so no value builds (and hashes) its own.
struct TemplateFields: MustacheParent, MustacheTransformable, CustomStringConvertible, @unchecked Sendable {
    /// The type's positions and the values, in one allocation. A value is nil for a field that
    /// templates see as missing (an optional without a value).
    private final class Storage: ManagedBuffer<FieldsHeader, Any?> {
        deinit {
            _ = withUnsafeMutablePointers { header, values in values.deinitialize(count: header.pointee.count) }
        }
    }

    private let storage: Storage

    /// Fields laid out by `positions`: `initialize` initializes all `count` values.
    init(positions: FieldPositions, count: Int, initialize: (UnsafeMutablePointer<Any?>) -> Void) {
        storage = unsafeDowncast(Storage.create(minimumCapacity: count) { _ in FieldsHeader(positions: positions, count: count) },
                                 to: Storage.self)
        storage.withUnsafeMutablePointerToElements(initialize)
    }

    /// Fields made by name (a class's).
    init(_ fields: [String: Any]) {
        let names = fields.keys.sorted()
        self.init(positions: FieldPositions(names), count: names.count) { values in
            for (index, name) in names.enumerated() { (values + index).initialize(to: fields[name]) }
        }
    }

    func child(named name: String) -> Any? {
        guard let position = storage.header.positions[name] else { return nil }
        return storage.withUnsafeMutablePointerToElements { $0[position] }
    }

    func declaresChild(named name: String) -> Bool { storage.header.positions[name] != nil }

    /// What `{{fields}}` prints: nothing, as a struct has no text of its own (the engine prints
    /// what `String(describing:)` gives, which would be this type's insides).
    var description: String { "" }

    /// The dictionary transforms (`count`, `empty`, ...), as templates could use them before.
    func transform(_ name: String) -> Any? {
        var fields: [String: Any] = [:]
        storage.withUnsafeMutablePointerToElements { values in
            for (name, position) in storage.header.positions.all { if let value = values[position] { fields[name] = value } }
        }
        return fields.transform(name)
    }
}

/// What `TemplateFields` keeps before its values.
private struct FieldsHeader {
    let positions: FieldPositions
    let count: Int
}

/// A string a template prints, in a type the engine renders directly. A plain `String` costs
/// swift-mustache three failed casts and `String(describing:)` each time it is printed, and a
/// `Mirror` for every tag looked up inside `{{#text}}…{{/text}}`; this one is found by the cast
/// after the first, and looked into without a `Mirror`. It behaves as the string did: always truthy, no fields of its own (lookups go on down the
/// stack), and the string transforms (`{{uppercased(title)}}`).
struct PrintedText: MustacheCustomRenderable, MustacheParent, MustacheTransformable {
    let text: String

    init(_ text: String) { self.text = text }

    var renderText: String { text }
    var isNull: Bool { false }
    func child(named name: String) -> Any? { nil }
    func declaresChild(named name: String) -> Bool { false }
    func transform(_ name: String) -> Any? { text.transform(name) }
}

/// An integer a template prints, likewise, with the integer transforms (`{{plusone(index)}}`).
struct PrintedNumber: MustacheCustomRenderable, MustacheParent, MustacheTransformable {
    let value: Int

    init(_ value: Int) { self.value = value }

    var renderText: String { String(value) }
    var isNull: Bool { false }
    func child(named name: String) -> Any? { nil }
    func declaresChild(named name: String) -> Bool { false }
    func transform(_ name: String) -> Any? { value.transform(name) }
}
