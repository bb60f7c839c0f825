import CYaml

extension YAMLLimits {
    /// The line of the alias at which the document, aliases expanded, would stand for more than
    /// `budget` nodes; nil when it stays within. Counted from libyaml's events (the parser Yams
    /// is built on) before Yams composes anything: composing checks each mapping's keys for
    /// duplicates by hashing them whole, so a bomb used as a key (`? *j`) would hang there, before
    /// a count of the composed nodes could refuse it. A document libyaml cannot read gives nil:
    /// composing it then reports where.
    static func aliasExpansionLine(_ text: String, budget: Int) -> Int? {
        // Nodes each anchor stands for, and those of each collection still open; all capped at
        // the budget, so a bomb's sizes cannot overflow.
        var anchors: [String: Int] = [:]
        var open: [(anchor: String?, nodes: Int)] = [(nil, 0)]
        var total = 0
        var line: Int?
        func add(_ nodes: Int) {
            open[open.count - 1].nodes = min(budget + 1, open[open.count - 1].nodes + nodes)
        }
        func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            anchor.map { String(cString: UnsafePointer($0)) }
        }
        forEachEvent(in: text) { event in
            switch event.type {
            case YAML_SCALAR_EVENT:
                if let anchor = name(event.data.scalar.anchor) { anchors[anchor] = 1 }
                add(1)
                total += 1
            case YAML_SEQUENCE_START_EVENT:
                open.append((name(event.data.sequence_start.anchor), 1))
                total += 1
            case YAML_MAPPING_START_EVENT:
                open.append((name(event.data.mapping_start.anchor), 1))
                total += 1
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                let closed = open.removeLast()
                if let anchor = closed.anchor { anchors[anchor] = closed.nodes }
                add(closed.nodes)
            case YAML_ALIAS_EVENT:
                let nodes = name(event.data.alias.anchor).flatMap { anchors[$0] } ?? 1
                add(nodes)
                total = min(budget + 1, total + nodes)
                if total > budget {
                    line = Int(event.start_mark.line) + 1
                    return false
                }
            default:
                break
            }
            return true
        }
        return line
    }
}
