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

    /// The fields of `value` with their values, or nil when `value` is not a struct.
    static func of(_ value: Any) -> [(name: String, value: Any)]? {
        func read<T>(_ value: T) -> [(name: String, value: Any)]? {
            guard let fields = table(for: T.self, example: value) else { return nil }
            return withUnsafePointer(to: value) { pointer in
                let base = UnsafeRawPointer(pointer)
                return fields.map { ($0.name, load($0.type, at: base + $0.offset)) }
            }
        }
        return _openExistential(value, do: read)
    }

    /// Type → its fields (nil: not a struct). NSLock rather than `Mutex`, which needs macOS 15.
    nonisolated(unsafe) private static var tables: [ObjectIdentifier: [Field]?] = [:]
    private static let lock = NSLock()

    private static func table(for type: Any.Type, example: Any) -> [Field]? {
        let key = ObjectIdentifier(type)
        if let known = lock.withLock({ tables[key] }) { return known }
        var fields: [Field] = []
        // Only plain structs: `_forEachField` also walks classes and tuples, which `Mirror` keeps.
        let isStruct = Mirror(reflecting: example).displayStyle == .struct
        let described = isStruct && _forEachField(of: type, options: []) { name, offset, fieldType, _ in
            fields.append(Field(name: String(cString: name), offset: offset, type: fieldType))
            return true
        }
        let table = described ? fields : nil
        lock.withLock { tables[key] = table }
        return table
    }

    private static func load(_ type: Any.Type, at address: UnsafeRawPointer) -> Any {
        func value<T>(_: T.Type) -> Any { address.assumingMemoryBound(to: T.self).pointee }
        return _openExistential(type, do: value)
    }
}
