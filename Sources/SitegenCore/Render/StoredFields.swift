@_spi(Reflection) import Swift
import Foundation

/// The stored properties of a struct, read through a table made once per type.
///
/// `Mirror` decodes every field's type name again on each reflection and boxes each child
/// twice; flattening view models with it was an eighth of a build's CPU time. The standard
/// library's `_forEachField` (reflection SPI, the same metadata `Mirror` reads) gives each
/// field's name, offset and type; cached per type, reading a model costs a load per field.
/// Types it does not describe (enums, optionals, classes) are left to `Mirror`. View models are
/// plain Sendable values: a struct with `weak` or `unowned` stored properties is not one.
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
        let positions: [String: Int]
    }

    /// The table of `value`'s type and the values of its fields in the table's order, or nil
    /// when `value` is not a struct.
    static func read(_ value: Any) -> (table: Table, values: [Any])? {
        func read<T>(_ value: T) -> (table: Table, values: [Any])? {
            guard let table = table(for: T.self, example: value) else { return nil }
            let values = withUnsafePointer(to: value) { pointer in
                let base = UnsafeRawPointer(pointer)
                return table.fields.map { load($0.type, at: base + $0.offset) }
            }
            return (table, values)
        }
        return _openExistential(value, do: read)
    }

    /// Type → its table (nil: not a struct). NSLock rather than `Mutex`, which needs macOS 15.
    nonisolated(unsafe) private static var tables: [ObjectIdentifier: Table?] = [:]
    private static let lock = NSLock()

    private static func table(for type: Any.Type, example: Any) -> Table? {
        let key = ObjectIdentifier(type)
        if let known = lock.withLock({ tables[key] }) { return known }
        var fields: [Field] = []
        // Only plain structs: `_forEachField` also walks classes and tuples, which `Mirror` keeps.
        let isStruct = Mirror(reflecting: example).displayStyle == .struct
        let described = isStruct && _forEachField(of: type, options: []) { name, offset, fieldType, _ in
            fields.append(Field(name: String(cString: name), offset: offset, type: fieldType))
            return true
        }
        let table = described ? Table(fields: fields, positions: Dictionary(fields.enumerated().map { ($1.name, $0) },
                                                                            uniquingKeysWith: { first, _ in first })) : nil
        lock.withLock { tables[key] = table }
        return table
    }

    private static func load(_ type: Any.Type, at address: UnsafeRawPointer) -> Any {
        func value<T>(_: T.Type) -> Any { address.assumingMemoryBound(to: T.self).pointee }
        return _openExistential(type, do: value)
    }
}
