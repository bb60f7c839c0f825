@_spi(Reflection) import Swift
import Foundation

/// The stored properties of a struct, read through a table made once per type (`ValueKind`
/// keeps it).
///
/// `Mirror` decodes every field's type name again on each reflection and boxes each child
/// twice; flattening view models with it was an eighth of a build's CPU time. The standard
/// library's `_forEachField` (reflection SPI, the same metadata `Mirror` reads) gives each
/// field's name, offset and type; cached per type, reading a model costs a load per field.
/// Types it does not describe (enums, classes) are left to `Mirror`, optionals to `ValueKind`,
/// which unwraps them. View models are plain Sendable values: a struct with `weak` or `unowned`
/// stored properties is not one.
enum StoredFields {
    struct Field {
        let name: String
        let offset: Int
        let type: Any.Type
    }

    /// One struct type's fields, and where each name stands among them: shared by every value of
    /// the type, so a flattened value needs no dictionary of its own.
    struct Table {
        let fields: [Field]
        let positions: FieldPositions
        /// A value of the type (in an `Any`) → its fields' values in the order of `fields`, each
        /// transformed by the function given.
        let values: (Any, (Any) -> Any?) -> [Any?]
    }

    /// The table of a type, nil when it is not a struct; `example` is a value of the type.
    /// Made once per type: `ValueKind` keeps it.
    static func table(for type: Any.Type, example: Any) -> Table? {
        var fields: [Field] = []
        // Only plain structs: `_forEachField` also walks classes and tuples, which `Mirror` keeps.
        let isStruct = Mirror(reflecting: example).displayStyle == .struct
        let described = isStruct && _forEachField(of: type, options: []) { name, offset, fieldType, _ in
            fields.append(Field(name: String(cString: name), offset: offset, type: fieldType))
            return true
        }
        guard described else { return nil }
        // The values are read through a cast to the type itself, which sees through an `Any`
        // that holds another existential (a field of type `any Sendable`), as `type(of:)` does.
        func reader<T>(_: T.Type) -> (Any, (Any) -> Any?) -> [Any?] {
            { [fields] value, each in
                withUnsafePointer(to: ValueKind.cast(value, to: T.self)) { pointer in
                    let base = UnsafeRawPointer(pointer)
                    return fields.map { each(load($0.type, at: base + $0.offset)) }
                }
            }
        }
        return Table(fields: fields, positions: FieldPositions(fields.map(\.name)),
                     values: _openExistential(type, do: reader))
    }

    private static func load(_ type: Any.Type, at address: UnsafeRawPointer) -> Any {
        func value<T>(_: T.Type) -> Any { address.assumingMemoryBound(to: T.self).pointee }
        return _openExistential(type, do: value)
    }
}
