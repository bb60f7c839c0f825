/// What counts as this machine: the server is loopback-only when it listens on a loopback
/// address, and then answers only requests whose Host names this machine (a page elsewhere
/// cannot reach the preview through a name it made resolve to 127.0.0.1: DNS rebinding).
enum Loopback {
    /// The address to listen on is a loopback one.
    static func isAddress(_ bind: String) -> Bool { bind == "::1" || bind.hasPrefix("127.") }

    /// A Host header's name (without its port) is a loopback one.
    static func isName(host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("[") {
            name = String(name.dropFirst().prefix { $0 != "]" })
        } else if let colon = name.lastIndex(of: ":") {
            name = String(name[..<colon])
        }
        if name.hasSuffix(".") { name.removeLast() }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        return name == "localhost" || name.hasSuffix(".localhost") || name == "::1"
            || (labels.count == 4 && labels[0] == "127" && labels.allSatisfy { UInt8($0) != nil })
    }
}
