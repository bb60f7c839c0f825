import Mustache

/// Turns a view model (plain structs, arrays, optionals) into dictionaries once per render.
/// swift-mustache looks a struct's fields up through a fresh `Mirror` for every tag, which costs
/// about three times as much as a dictionary lookup; reflecting each value once and handing the
/// engine dictionaries keeps templates fast without view models knowing about the engine.
///
/// Structs become `TemplateFields`, strings and integers `PrintedText` and `PrintedNumber`. A
/// `CachedPartial` becomes fields with one entry, `html`, rendered by `renderPartial` (which
/// caches it).
struct TemplateValues {
    let renderPartial: (CachedPartial) -> String

    /// For values that hold no cached partials (the site chrome, navigation).
    static var plain: TemplateValues { TemplateValues { _ in "" } }

    func flatten(_ value: Any) -> Any? {
        switch value {
        case let text as String:
            return PrintedText(text)
        case let number as Int:
            return PrintedNumber(number)
        case let text as Substring:
            return PrintedText(String(text))
        case is Bool, is Double:
            return value
        case let partial as CachedPartial:
            return TemplateFields(["html": PrintedText(renderPartial(partial))])
        case let parent as MustacheParent:
            return parent
        case let array as [Any]:
            return array.compactMap(flatten)
        default:
            break
        }
        if let fields = StoredFields.of(value) {
            var flattened: [String: Any] = [:]
            flattened.reserveCapacity(fields.count)
            for field in fields {
                if let value = flatten(field.value) { flattened[field.name] = value }
            }
            return TemplateFields(flattened)
        }
        if let optional = value as? OptionalValue { return optional.wrapped.flatMap(flatten) }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .class:
            var fields: [String: Any] = [:]
            fields.reserveCapacity(Int(mirror.children.count))
            for child in mirror.children {
                if let label = child.label, let flattened = flatten(child.value) { fields[label] = flattened }
            }
            return TemplateFields(fields)
        case .collection, .set:
            return mirror.children.compactMap { flatten($0.value) }
        default:
            return value
        }
    }
}

/// Lets `flatten` unwrap an optional of any type without reflecting it.
private protocol OptionalValue {
    var wrapped: Any? { get }
}

extension Optional: OptionalValue {
    var wrapped: Any? { self }
}

/// The fields of a flattened struct. A final class rather than a dictionary: swift-mustache casts
/// every value on the context stack for every tag it looks up, and a cast of a plain class is
/// much cheaper than one through `Dictionary`'s conditional conformance.
final class TemplateFields: MustacheParent, MustacheTransformable, @unchecked Sendable {
    let fields: [String: Any]

    init(_ fields: [String: Any]) { self.fields = fields }

    func child(named name: String) -> Any? { fields[name] }

    /// The dictionary transforms (`count`, `empty`, ...), as templates could use them before.
    func transform(_ name: String) -> Any? { fields.transform(name) }
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
    func transform(_ name: String) -> Any? { text.transform(name) }
}

/// An integer a template prints, likewise, with the integer transforms (`{{plusone(index)}}`).
struct PrintedNumber: MustacheCustomRenderable, MustacheParent, MustacheTransformable {
    let value: Int

    init(_ value: Int) { self.value = value }

    var renderText: String { String(value) }
    var isNull: Bool { false }
    func child(named name: String) -> Any? { nil }
    func transform(_ name: String) -> Any? { value.transform(name) }
}
