import CYaml

extension YAMLLimits {
    /// Hands each of libyaml's events for `text` to `visit`, in order, until the stream ends,
    /// the text stops being YAML (libyaml's error; composing it later reports where), or `visit`
    /// returns false. The checks that must run before Yams composes a document read it so.
    static func forEachEvent(in text: String, _ visit: (yaml_event_t) -> Bool) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return }
        defer { yaml_parser_delete(&parser) }
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return }
                defer { yaml_event_delete(&event) }
                guard event.type != YAML_STREAM_END_EVENT, visit(event) else { return }
            }
        }
    }
}
