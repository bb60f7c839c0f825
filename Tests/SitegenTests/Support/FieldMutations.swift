@_spi(Reflection) import Swift

/// Every way to change one stored field of a value, found by reflection rather than listed: for
/// each field of each struct in it (through optionals, arrays and `any Sendable`), a copy with
/// that one field changed. Strings get a character more, numbers one more, booleans flip, a
/// case of a `CaseIterable` enum becomes another, an optional loses its value or gets one from
/// `examples`, an array loses its last element or gets one, and the first element changes; a
/// dictionary keyed by text loses its first key, and that key's value changes.
///
/// Paths name types and fields, not positions ("ConcertCellModel.tiles[].taper"), so that a
/// test can try each path once per page kind.
struct FieldMutations {
    /// Values of each type met on the site, for fields that hold none (nil, or empty arrays).
    let examples: ExampleValues
    /// Asked before a path's mutations are made: false skips them (and the copies).
    let wanted: (String) -> Bool
    /// Fields found that could not be changed (a type the walker does not know), by path.
    let unchangeable: Recorder

    final class Recorder {
        var paths: Set<String> = []
    }

    struct Mutation {
        let path: String
        let value: Any
    }

    func of(_ value: Any, path: String) -> [Mutation] {
        func open<T>(_ value: T) -> [Mutation] { mutations(of: value, path: path).map { Mutation(path: $0.path, value: $0.value) } }
        return _openExistential(value, do: open)
    }

    func mutations<T>(of value: T, path: String) -> [(path: String, value: T)] {
        guard wanted(path) else { return [] }
        if T.self == String.self { return [(path, ((value as! String) + "·") as! T)] }
        if T.self == Int.self { return [(path, ((value as! Int) + 1) as! T)] }
        if T.self == Double.self { return [(path, ((value as! Double) + 1) as! T)] }
        if T.self == Bool.self { return [(path, (!(value as! Bool)) as! T)] }
        if T.self == (any Sendable).self {
            // An existential field: what it holds, changed, put back in one. Opened by the held
            // value's own type: opening the value itself gives `Any` again, for ever.
            let held: Any = value
            let heldType = type(of: held)
            guard heldType != T.self else {
                unchangeable.paths.insert(path + " (\(T.self))")
                return []
            }
            func opened<U>(_: U.Type) -> [(path: String, value: T)] {
                mutations(of: held as! U, path: path).map { ($0.path, $0.value as! T) }
            }
            return _openExistential(heldType, do: opened)
        }
        if let optional = T.self as? any OptionalMutations.Type {
            return optional.mutations(of: value, path: path, by: self).map { ($0.path, $0.value as! T) }
        }
        if let array = T.self as? any ArrayMutations.Type {
            return array.mutations(of: value, path: path, by: self).map { ($0.path, $0.value as! T) }
        }
        if let dictionary = T.self as? any DictionaryMutations.Type {
            return dictionary.mutations(of: value, path: path, by: self).map { ($0.path, $0.value as! T) }
        }
        if let cases = T.self as? any CaseIterable.Type {
            let all = cases.allCases as any Collection
            let other = all.map { $0 }.first { "\($0)" != "\(value)" }
            return other.map { [(path, $0 as! T)] } ?? []
        }
        return fields(of: value, path: path)
    }

    /// One mutation list per stored field of a struct, each written into a copy at the field's offset.
    private func fields<T>(of value: T, path: String) -> [(path: String, value: T)] {
        var fields: [(name: String, offset: Int, type: Any.Type)] = []
        guard Mirror(reflecting: value).displayStyle == .struct,
              _forEachField(of: T.self, options: [], body: { name, offset, type, _ in
                  fields.append((String(cString: name), offset, type))
                  return true
              })
        else {
            unchangeable.paths.insert(path + " (\(T.self))")
            return []
        }
        var result: [(path: String, value: T)] = []
        for field in fields {
            func changed<F>(_: F.Type) -> [(path: String, value: T)] {
                let current = withUnsafeBytes(of: value) { $0.baseAddress!.advanced(by: field.offset).assumingMemoryBound(to: F.self).pointee }
                return mutations(of: current, path: "\(T.self).\(field.name)").map { mutation in
                    var copy = value
                    withUnsafeMutableBytes(of: &copy) {
                        $0.baseAddress!.advanced(by: field.offset).assumingMemoryBound(to: F.self).pointee = mutation.value
                    }
                    return (mutation.path, copy)
                }
            }
            result += _openExistential(field.type, do: changed)
        }
        return result
    }
}

/// Values by type, collected by walking models: the values a field without one can be given.
final class ExampleValues {
    private var values: [ObjectIdentifier: Any] = [:]

    func example<T>(of type: T.Type) -> T? { values[ObjectIdentifier(type)] as? T }

    /// Keeps the first value of every type in `value` (itself, its fields, their elements).
    func collect(_ value: Any) {
        let key = ObjectIdentifier(type(of: value))
        if values[key] == nil { values[key] = value }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct?, .optional?, .collection?, .enum?:
            for child in mirror.children { collect(child.value) }
        default:
            break
        }
    }
}

protocol OptionalMutations {
    static func mutations(of value: Any, path: String, by walker: FieldMutations) -> [(path: String, value: Any)]
}

extension Optional: OptionalMutations {
    static func mutations(of value: Any, path: String, by walker: FieldMutations) -> [(path: String, value: Any)] {
        guard let wrapped = value as? Wrapped else {
            // A nil field whose type the sample never fills cannot be tried: it is named, not
            // passed over (the test expects no such field).
            guard let example = walker.examples.example(of: Wrapped.self) else {
                walker.unchangeable.paths.insert(path + "? (no \(Wrapped.self) on the sample's pages)")
                return []
            }
            return [(path + "?", Optional(example) as Any)]
        }
        return [(path, Wrapped?.none as Any)] + walker.mutations(of: wrapped, path: path).map { ($0.path, Optional($0.value) as Any) }
    }
}

protocol ArrayMutations {
    static func mutations(of value: Any, path: String, by walker: FieldMutations) -> [(path: String, value: Any)]
}

extension Array: ArrayMutations {
    static func mutations(of value: Any, path: String, by walker: FieldMutations) -> [(path: String, value: Any)] {
        let array = value as! [Element]
        guard let first = array.first else {
            guard let example = walker.examples.example(of: Element.self) else {
                walker.unchangeable.paths.insert(path + "+ (no \(Element.self) on the sample's pages)")
                return []
            }
            return [(path + "+", [example] as Any)]
        }
        return [(path + "-", Array(array.dropLast()) as Any)]
            + walker.mutations(of: first, path: path + "[]").map { mutation in
                var copy = array
                copy[0] = mutation.value
                return (mutation.path, copy as Any)
            }
    }
}

protocol DictionaryMutations {
    static func mutations(of value: Any, path: String, by walker: FieldMutations) -> [(path: String, value: Any)]
}

extension Dictionary: DictionaryMutations where Key == String {
    static func mutations(of value: Any, path: String, by walker: FieldMutations) -> [(path: String, value: Any)] {
        let dictionary = value as! [String: Value]
        guard let first = dictionary.keys.min() else { return [] }
        var without = dictionary
        without[first] = nil
        return [(path + "-", without as Any)]
            + walker.mutations(of: dictionary[first]!, path: path + "[:]").map { mutation in
                var copy = dictionary
                copy[first] = mutation.value
                return (mutation.path, copy as Any)
            }
    }
}
