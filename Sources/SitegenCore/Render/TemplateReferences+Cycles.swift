/// Templates that reach themselves through partials, parents or cached partials. The engine
/// would include them again and again until the stack overflows and the process dies (a build
/// with no message, a preview server gone). Mustache allows a recursive partial that data ends
/// (`{{#children}}{{>node}}{{/children}}` over a tree), but no sitegen view model holds a list
/// of its own kind, and a section's name not found in an inner value is looked up in the outer
/// ones, so here no data ends one: every loop is refused before anything renders, by design.
extension TemplateReferences {
    struct Cycle {
        /// The template where the loop is reported, the first of it by name.
        let template: String
        /// Its tag that starts the way back to itself.
        let reference: Reference
        /// The templates of the loop, from `template` back to it.
        let path: [String]
    }

    /// Each loop once, sorted by its first template.
    static func cycles(in sources: [String: String]) -> [Cycle] {
        var edges: [String: [Reference]] = [:]
        for (name, text) in sources {
            edges[name] = scan(text).filter { sources[$0.name] != nil }
        }
        var reported: Set<String> = []
        var cycles: [Cycle] = []
        for start in sources.keys.sorted() where !reported.contains(start) {
            guard let path = wayBack(to: start, edges: edges) else { continue }
            reported.formUnion(path)
            let first = edges[start]!.first { $0.name == path[1] }!
            cycles.append(Cycle(template: start, reference: first, path: path))
        }
        return cycles
    }

    /// The shortest way from `start` through its references back to it: [start, …, start].
    private static func wayBack(to start: String, edges: [String: [Reference]]) -> [String]? {
        var cameFrom: [String: String] = [:]
        var queue = [start]
        var index = 0
        while index < queue.count {
            let here = queue[index]
            index += 1
            for next in (edges[here] ?? []).map(\.name) {
                if next == start {
                    var chain = [here]
                    while let previous = cameFrom[chain.last!] { chain.append(previous) }
                    return chain.reversed() + [start]
                }
                guard cameFrom[next] == nil else { continue }
                cameFrom[next] = here
                queue.append(next)
            }
        }
        return nil
    }
}
