@_spi(Reflection) import Swift
import Foundation

/// The stored properties of a struct, read through a table made once per type (`ValueKind`
/// keeps it).
///
/// `Mirror` decodes every field's type name again on each reflection and boxes each child
/// twice, for every value of every page. The standard
/// library's `_forEachField` (reflection SPI, the same metadata `Mirror` reads) gives each
/// field's name, offset and type; cached per type, reading a model costs a load per field.
/// Types it does not describe (enums, classes) are left to `Mirror`, optionals to `ValueKind`,
/// which unwraps them. View models are plain Sendable values: a struct with `weak` or `unowned`
/// stored properties is not one.
///
/// `_forEachField` is unstable API: a struct it declines to describe (it returns false) gets a
/// table read through `Mirror` instead, chosen per type when the table is made, so a change in
/// the standard library makes a build slower rather than wrong. Both tables give the same names
/// in the same order, and the same values (`StoredFieldsTests`).
enum StoredFields {
    struct Field {
        let name: String
        let offset: Int
        let type: Any.Type
    }

    /// One struct type's fields, and where each name stands among them: shared by every value of
    /// the type, so a flattened value needs no dictionary of its own. A class, as `ValueKind`
    /// hands it out for every struct flattened.
    final class Table {
        let positions: FieldPositions
        let count: Int
        /// Reads a value of the type (in an `Any`) into `count` values in the order of the
        /// fields, each transformed by the function given.
        let read: (Any, (Any) -> Any?, UnsafeMutablePointer<Any?>) -> Void

        init(positions: FieldPositions, count: Int, read: @escaping (Any, (Any) -> Any?, UnsafeMutablePointer<Any?>) -> Void) {
            self.positions = positions
            self.count = count
            self.read = read
        }
    }

    /// The table of a type, nil when it is not a struct; `example` is a value of the type.
    /// Made once per type: `ValueKind` keeps it.
    /// `reflected` is `reflectedTable(for:)`; tests pass one that declines, to take the other path.
    static func table(for type: Any.Type, example: Any,
                      reflected: (Any.Type) -> Table? = reflectedTable(for:)) -> Table? {
        // Only plain structs: `_forEachField` also walks classes and tuples, which `Mirror` keeps.
        guard Mirror(reflecting: example).displayStyle == .struct else { return nil }
        return reflected(type) ?? mirroredTable(example: example)
    }

    /// The table read by the field offsets `_forEachField` gives, nil when it does not describe
    /// the type.
    static func reflectedTable(for type: Any.Type) -> Table? {
        var fields: [Field] = []
        let described = _forEachField(of: type, options: []) { name, offset, fieldType, _ in
            fields.append(Field(name: String(cString: name), offset: offset, type: fieldType))
            return true
        }
        guard described else { return nil }
        let offsets = fields.map(\.offset)
        let types = fields.map(\.type)
        func reader<T>(_: T.Type) -> (Any, (Any) -> Any?, UnsafeMutablePointer<Any?>) -> Void {
            { value, each, values in
                func fill(_ base: UnsafeRawPointer) {
                    for index in offsets.indices { (values + index).initialize(to: each(load(types[index], at: base + offsets[index]))) }
                }
                // Read where the `Any` holds it: copying the struct out first retained and
                // released each of its fields once more. An `Any` that holds another existential
                // (a field of type `any Sendable`) is seen through by a cast to the type, as
                // `type(of:)` sees through it.
                func opened<U>(_ value: U) {
                    if U.self == T.self {
                        withUnsafePointer(to: value) { fill(UnsafeRawPointer($0)) }
                    } else {
                        withUnsafePointer(to: value as! T) { fill(UnsafeRawPointer($0)) }
                    }
                }
                _openExistential(value, do: opened)
            }
        }
        return Table(positions: FieldPositions(fields.map(\.name)), count: fields.count, read: _openExistential(type, do: reader))
    }

    /// The table read through `Mirror`: the children of a struct are its stored properties in
    /// declaration order, as `_forEachField` gives them. Each value is reflected again when it is
    /// read, so this path costs what flattening with `Mirror` always did.
    static func mirroredTable(example: Any) -> Table {
        let names = Mirror(reflecting: example).children.map { $0.label ?? "" }
        let count = names.count
        return Table(positions: FieldPositions(names), count: count) { value, each, values in
            var filled = 0
            for child in Mirror(reflecting: value).children where filled < count {
                (values + filled).initialize(to: each(child.value))
                filled += 1
            }
            // Every slot must be initialized: the table's count is what the storage releases.
            if filled < count { (values + filled).initialize(repeating: nil, count: count - filled) }
        }
    }

    private static func load(_ type: Any.Type, at address: UnsafeRawPointer) -> Any {
        func value<T>(_: T.Type) -> Any { address.assumingMemoryBound(to: T.self).pointee }
        return _openExistential(type, do: value)
    }
}
