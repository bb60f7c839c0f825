import Foundation
import Mustache

/// How `TemplateValues.flatten` treats the values of one type, found once per type. Telling a
/// value's kind by casting it (to `String`, `Int`, ..., `MustacheParent`, an array) takes up to
/// eight dynamic casts for each struct, optional and array of every page; a type's kind is
/// looked up by the type instead, and only values of a new type are cast.
enum ValueKind {
    /// A `String`, printed.
    case text
    /// An `Int`, printed.
    case number
    /// A `Substring`, printed.
    case substring
    /// A `CachedPartial`, rendered.
    case partial
    /// An array: its elements, each flattened by the function given.
    case list((Any, (Any) -> Any?) -> [Any])
    /// A struct: its stored fields, by the type's table.
    case fields(StoredFields.Table)
    /// An optional: its value, or nil.
    case optional((Any) -> Any?)
    /// A class instance: its fields, by `Mirror`.
    case object
    /// Another collection or a set: its elements, by `Mirror`.
    case collection
    /// Handed to the engine as it is: `Bool`, `Double`, a `MustacheParent`, an enum.
    case kept

    /// The kind of `value`, and whether every value of its type has that kind (renders ask
    /// through their `Cache`).
    private static func known(_ value: Any) -> (kind: ValueKind, byType: Bool) {
        let key = ObjectIdentifier(type(of: value))
        if let known = lock.withLock({ kinds[key] }) {
            if let kind = known.kind { return (kind, true) }
            return (find(value), false)
        }
        let kind = find(value)
        let byType = !byValue(type(of: value))
        lock.withLock { kinds[key] = Known(kind: byType ? kind : nil) }
        return (kind, byType)
    }

    /// The kinds one render has met, found without the shared table's lock and hash: a render
    /// asks for the kind of every value it flattens (about 140 a page), of a few dozen types.
    /// Used by one thread at a time, hence no lock and no exclusivity checks.
    final class Cache {
        @exclusivity(unchecked) private var types: [ObjectIdentifier] = []
        /// nil for a type whose values are told one by one.
        @exclusivity(unchecked) private var kinds: [ValueKind?] = []

        func kind(of value: Any) -> ValueKind {
            let key = ObjectIdentifier(type(of: value))
            if let index = types.firstIndex(of: key) { return kinds[index] ?? ValueKind.find(value) }
            let (kind, byType) = ValueKind.known(value)
            types.append(key)
            kinds.append(byType ? kind : nil)
            return kind
        }
    }

    /// A type's kind, or nil when each value is told by itself.
    private struct Known {
        let kind: ValueKind?
    }

    /// Type → its kind. NSLock rather than `Mutex`, which needs macOS 15; the lock makes the
    /// runtime's exclusivity checks redundant, so they are off.
    @exclusivity(unchecked) nonisolated(unsafe) private static var kinds: [ObjectIdentifier: Known] = [:]
    private static let lock = NSLock()

    /// Types whose values cast differently one from another: `AnyHashable` (`AnyHashable("x") is
    /// String`, `AnyHashable(1) is Int`) and classes (Foundation's `NSNumber`, `NSString` and its
    /// box for Swift values cast as what they hold). Rare in view models, and told value by value.
    private static func byValue(_ type: Any.Type) -> Bool {
        type is AnyObject.Type || type == AnyHashable.self
    }

    /// `value as! T` for a value whose kind told that its type is `T`, cast from the opened value:
    /// the runtime answers a cast between the same types at once, where from an `Any` it first
    /// looks for the value inside the existential. A value in
    /// an existential inside the `Any` (a field of type `any Sendable`) is cast as before.
    static func cast<T>(_ value: Any, to _: T.Type) -> T {
        func project<U>(_ value: U) -> T { value as! T }
        return _openExistential(value, do: project)
    }

    /// The casts that tell a kind, in the order `flatten` has always tried them. Optionals come
    /// first: `Optional("x") is String` holds and `Optional<String>.none is String` does not, so
    /// only an unwrapped value's kind belongs to its type.
    private static func find(_ value: Any) -> ValueKind {
        let type = type(of: value)
        if let optional = type as? OptionalValue.Type { return .optional(optional.unwrap) }
        switch value {
        case is String: return .text
        case is Int: return .number
        case is Substring: return .substring
        case is Bool, is Double: return .kept
        case is CachedPartial: return .partial
        case is MustacheParent: return .kept
        default: break
        }
        if let list = type as? ListValue.Type { return .list(list.elements) }
        if let table = StoredFields.table(for: type, example: value) { return .fields(table) }
        switch Mirror(reflecting: value).displayStyle {
        case .class: return .object
        case .collection, .set: return .collection
        default: return .kept
        }
    }
}

/// Lets a kind unwrap an optional of any type without casting each value to a protocol.
private protocol OptionalValue {
    static var unwrap: (Any) -> Any? { get }
}

extension Optional: OptionalValue {
    static var unwrap: (Any) -> Any? {
        // A cast to the wrapped type unwraps the optional more cheaply than a cast to the
        // optional; but an optional that casts to `Wrapped` as it is (`Any?`,
        // `(any Sendable)?`) would come back whole, so that one is cast to the optional.
        let none = Self.none as Any
        if none as? Wrapped != nil { return { value in ValueKind.cast(value, to: Wrapped?.self).map { $0 } } }
        return { value in value as? Wrapped }
    }
}

/// Lets a kind list an array's elements likewise.
private protocol ListValue {
    static func elements(_ value: Any, _ each: (Any) -> Any?) -> [Any]
}

extension Array: ListValue {
    static func elements(_ value: Any, _ each: (Any) -> Any?) -> [Any] { ValueKind.cast(value, to: [Element].self).compactMap(each) }
}
