import CYaml

extension YAMLLimits {
    /// A key written a second time in one mapping.
    struct RepeatedKey {
        let key: String
        let line: Int
        let column: Int
        let firstLine: Int
        let firstColumn: Int
    }

    /// Each key of the document written again in the mapping that has it, where it is written
    /// again, from libyaml's events. Yams refuses such a document naming only the first key's
    /// place, which is the one the author did not just add.
    static func repeatedKeys(_ text: String) -> [RepeatedKey] {
        // One frame per open collection: for a mapping, whether its next node is a key, and
        // where each plain key was first written (lines and columns from 1).
        var frames: [(isMapping: Bool, expectsKey: Bool, seen: [String: (Int, Int)])] = []
        var repeated: [RepeatedKey] = []
        func node(key: String?, mark: yaml_mark_t) {
            guard var top = frames.popLast() else { return }
            if top.isMapping, top.expectsKey, let key {
                let place = (Int(mark.line) + 1, Int(mark.column) + 1)
                if let first = top.seen[key] {
                    repeated.append(RepeatedKey(key: key, line: place.0, column: place.1, firstLine: first.0, firstColumn: first.1))
                } else {
                    top.seen[key] = place
                }
            }
            if top.isMapping { top.expectsKey.toggle() }
            frames.append(top)
        }
        forEachEvent(in: text) { event in
            switch event.type {
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                node(key: String(decoding: UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length)), as: UTF8.self), mark: event.start_mark)
            case YAML_ALIAS_EVENT:
                node(key: nil, mark: event.start_mark)
            case YAML_SEQUENCE_START_EVENT:
                node(key: nil, mark: event.start_mark)
                frames.append((false, false, [:]))
            case YAML_MAPPING_START_EVENT:
                node(key: nil, mark: event.start_mark)
                frames.append((true, true, [:]))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                _ = frames.popLast()
            default:
                break
            }
            return true
        }
        return repeated
    }
}
