import Foundation

/// The repetitive cases, made from the base site's cached answers: each file cut short, and
/// fields of each file given a value of the wrong type, out of range, or hostile text and URLs.
enum GeneratedCases {
    /// What hostile text carries: markup, a script URL, control bytes. None of it may reach an
    /// output file unescaped (`InvalidInputTests.payloadProblems`).
    static let payload = "<script>PWN()</script>javascript:PWN()<img src=x onerror=PWN()>\u{1}\u{1B}[31m"
    static let hostileURL = "javascript:PWN()"

    static let files = [
        "Content/archive/moe/search-1.json",
        "Content/archive/moe/items/moe1998-11-22.sbd.flac16.json",
        "Content/charts/tapehead77/user.json",
        "Content/charts/tapehead77/weeklychartlist.json",
        "Content/charts/tapehead77/weeks/1763294400-1763899200.json",
        "Content/events/7644/calendar-1.json",
        "Content/events/7644/events/41644087.json",
    ]

    /// Leaves changed per file: spread over the file, so every part of each answer is hit.
    static let leavesPerFile = 9

    static func all(base: URL) throws -> [InvalidCase] {
        var cases: [InvalidCase] = []
        for file in files {
            let data = try Data(contentsOf: base.appendingPathComponent(file))
            let display = String(file.dropFirst("Content/".count))
            let short = (file as NSString).lastPathComponent
            cases.append(InvalidCase(name: "truncated \(short)", files: [file: data.prefix(data.count / 2)],
                                     outcome: .survives, message: display))
            let root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            let leaves = paths(root, [])
            let step = max(1, leaves.count / leavesPerFile)
            for (number, index) in stride(from: 0, to: leaves.count, by: step).prefix(leavesPerFile).enumerated() {
                let (path, value) = leaves[index]
                let place = "$" + path.map { $0.description }.joined()
                let wrong: (String, Any) = [("an object", ["x": 1] as Any), ("\"five\"", "five"), ("1e999", "__1e999__"),
                                            ("-1", -1), ("a list", [42] as Any)][number % 5]
                cases.append(InvalidCase(name: "\(short) \(place) = \(wrong.0)", files: [file: try replacing(root, at: path, with: wrong.1)],
                                         outcome: .survives, message: display))
                if value is String {
                    let hostile = (value as? String)?.hasPrefix("http") == true ? hostileURL : payload
                    cases.append(InvalidCase(name: "\(short) \(place) = hostile text", files: [file: try replacing(root, at: path, with: hostile)],
                                             outcome: .survives, message: display))
                }
            }
        }
        return cases
    }

    enum Step: CustomStringConvertible {
        case key(String), index(Int)
        var description: String {
            switch self {
            case .key(let key): ".\(key)"
            case .index(let index): "[\(index)]"
            }
        }
    }

    /// Every leaf (a value that is not an object or a list) with its path, in document order.
    static func paths(_ value: Any, _ path: [Step]) -> [([Step], Any)] {
        if let object = value as? [String: Any] {
            return object.keys.sorted().flatMap { paths(object[$0]!, path + [.key($0)]) }
        }
        if let list = value as? [Any] {
            return list.indices.flatMap { paths(list[$0], path + [.index($0)]) }
        }
        return [(path, value)]
    }

    static func replacing(_ root: Any, at path: [Step], with replacement: Any) throws -> Data {
        func set(_ value: Any, _ rest: ArraySlice<Step>) -> Any {
            guard let step = rest.first else { return replacement }
            switch step {
            case .key(let key):
                var object = value as! [String: Any]
                object[key] = set(object[key]!, rest.dropFirst())
                return object
            case .index(let index):
                var list = value as! [Any]
                list[index] = set(list[index], rest.dropFirst())
                return list
            }
        }
        let data = try JSONSerialization.data(withJSONObject: set(root, path[...]), options: [.sortedKeys, .fragmentsAllowed])
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"__1e999__\"", with: "1e999")
        return Data(text.utf8)
    }
}
