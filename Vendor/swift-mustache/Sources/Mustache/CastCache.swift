//
// Added for sitegen: see Vendor/README.md.
//

/// The casts that `getChild`, `renderToken` and the sections make for every tag, remembered by
/// the value's type for the length of one render. A cast to a protocol searches the runtime's
/// conformance cache, and looking up a tag cast each value it passed on the context stack
/// twice; one render meets a handful of types many times over.
///
/// Only types whose casts depend on nothing but the type are remembered: not optionals (`nil`
/// casts to nothing, a wrapped value as itself), not `AnyHashable` (as its base) and not classes
/// (Foundation boxes Swift values in one). A render runs on one thread, so the cache needs no
/// lock; each render starts an empty one. For the same reason its arrays are exempt from the
/// runtime's exclusivity checks, which would guard every access to them for nothing.
final class CastCache {
    /// The types met so far, and for each what it casts to, in arrays by position rather than in
    /// one struct each: reading a struct out of an array copies (retains) its closures.
    @exclusivity(unchecked) private var types: [ObjectIdentifier] = []
    /// false for a type whose values are cast one by one.
    @exclusivity(unchecked) private var byType: [Bool] = []
    @exclusivity(unchecked) private var representations: [Bool] = []
    @exclusivity(unchecked) private var parents: [((Any) -> MustacheParent)?] = []
    @exclusivity(unchecked) private var renderables: [((Any) -> MustacheCustomRenderable)?] = []
    @exclusivity(unchecked) private var sequences: [((Any) -> any MustacheSequence)?] = []
    /// Whether the type is `Bool`, and whether it is `MustacheLambda`: for a type remembered,
    /// only then does the cast to it succeed.
    @exclusivity(unchecked) private var bools: [Bool] = []
    @exclusivity(unchecked) private var lambdas: [Bool] = []

    /// `value as? MustacheParent`.
    func asParent(_ value: Any) -> MustacheParent? {
        let index = position(of: value)
        guard byType[index] else { return value as? MustacheParent }
        return parents[index]?(value)
    }

    /// `value as? MustacheCustomRenderable`.
    func asRenderable(_ value: Any) -> MustacheCustomRenderable? {
        let index = position(of: value)
        guard byType[index] else { return value as? MustacheCustomRenderable }
        return renderables[index]?(value)
    }

    /// `value as? MustacheCustomRepresentation`.
    func asRepresentation(_ value: Any) -> MustacheCustomRepresentation? {
        let index = position(of: value)
        guard byType[index], !representations[index] else { return value as? MustacheCustomRepresentation }
        return nil
    }

    /// `value as? any MustacheSequence`.
    func asSequence(_ value: Any) -> (any MustacheSequence)? {
        let index = position(of: value)
        guard byType[index] else { return value as? any MustacheSequence }
        return sequences[index]?(value)
    }

    /// `value as? Bool`.
    func asBool(_ value: Any) -> Bool? {
        let index = position(of: value)
        return !byType[index] || bools[index] ? value as? Bool : nil
    }

    /// `value as? MustacheLambda`.
    func asLambda(_ value: Any) -> MustacheLambda? {
        let index = position(of: value)
        return !byType[index] || lambdas[index] ? value as? MustacheLambda : nil
    }

    /// The parent to look names up in for a value pushed on the context stack, when its type alone
    /// decides it; nil for the values a lookup treats as upstream does, every time it passes them
    /// (custom representations, whose representation is read at each lookup, classes, optionals,
    /// `AnyHashable`, and values that are not parents).
    func stackParent(_ value: Any) -> MustacheParent? {
        let index = position(of: value)
        guard byType[index], !representations[index] else { return nil }
        return parents[index]?(value)
    }

    /// The position of `value`'s type, added when it is new.
    private func position(of value: Any) -> Int {
        let type = type(of: value)
        let id = ObjectIdentifier(type)
        if let index = types.firstIndex(of: id) { return index }
        types.append(id)
        byType.append(!(type is AnyObject.Type) && !(type is AnyOptional.Type) && type != AnyHashable.self)
        representations.append(type is MustacheCustomRepresentation.Type)
        parents.append((type as? MustacheParent.Type).map { Self.cast(to: $0) })
        renderables.append((type as? MustacheCustomRenderable.Type).map { Self.cast(to: $0) })
        sequences.append((type as? any MustacheSequence.Type).map { Self.cast(to: $0) })
        bools.append(type == Bool.self)
        lambdas.append(type == MustacheLambda.self)
        return types.count - 1
    }

    /// A cast of a value whose type is `T` to a protocol `T` conforms to, as a cast to `T`: the
    /// runtime compares the value's type with `T` rather than looking for a conformance.
    private static func cast<T: MustacheParent>(to _: T.Type) -> (Any) -> MustacheParent { { opened($0, as: T.self) } }

    private static func cast<T: MustacheCustomRenderable>(to _: T.Type) -> (Any) -> MustacheCustomRenderable { { opened($0, as: T.self) } }

    private static func cast<T: MustacheSequence>(to _: T.Type) -> (Any) -> any MustacheSequence { { opened($0, as: T.self) } }

    /// `value as! T` for a value whose type is `T`, cast from the opened value rather than from
    /// the `Any`: the runtime then finds the types the same at once, where from an existential it
    /// first looks for the value inside it.
    private static func opened<T>(_ value: Any, as _: T.Type) -> T {
        func project<U>(_ value: U) -> T { value as! T }
        return _openExistential(value, do: project)
    }
}
