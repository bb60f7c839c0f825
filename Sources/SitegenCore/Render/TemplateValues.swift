import Mustache

/// Turns a view model (plain structs, arrays, optionals) into dictionaries once per render.
/// swift-mustache looks a struct's fields up through a fresh `Mirror` for every tag, which costs
/// about three times as much as a dictionary lookup; reflecting each value once and handing the
/// engine dictionaries keeps templates fast without view models knowing about the engine.
///
/// A `CachedPartial` becomes `["html": …]`, rendered by `renderPartial` (which caches it).
struct TemplateValues {
    let renderPartial: (CachedPartial) -> String

    func flatten(_ value: Any) -> Any? {
        switch value {
        case is String, is Int, is Bool, is Double, is Substring:
            return value
        case let partial as CachedPartial:
            return ["html": renderPartial(partial)]
        case let parent as MustacheParent:
            return parent
        case let array as [Any]:
            return array.compactMap(flatten)
        default:
            break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.flatMap { flatten($0.value) }
        case .struct, .class:
            var fields: [String: Any] = [:]
            fields.reserveCapacity(Int(mirror.children.count))
            for child in mirror.children {
                if let label = child.label, let flattened = flatten(child.value) { fields[label] = flattened }
            }
            return fields
        case .collection, .set:
            return mirror.children.compactMap { flatten($0.value) }
        default:
            return value
        }
    }
}
