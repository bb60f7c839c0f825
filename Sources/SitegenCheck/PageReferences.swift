import CLibXML2
import Foundation

/// What `sitegen check` needs of one rendered HTML page, read with libxml2's HTML parser (the
/// HTML5-tolerant parser browsers' rules are closest to among those on the machine): every URL
/// it refers to, every id a link can point at, its title and its meta description.
struct PageReferences: Sendable {
    struct Reference: Sendable, Hashable {
        /// "a href", "img src", "img srcset", "link href", …: where the URL was found.
        let attribute: String
        let url: String
    }

    var references: [Reference] = []
    /// `id` values, and `name` of `<a>` (an older way to name an anchor).
    var anchors: Set<String> = []
    /// The text of `<title>`, nil when the page has none.
    var title: String?
    /// The `content` of `<meta name="description">`, nil when the page has none.
    var description: String?

    /// Attributes holding one URL, by element.
    private static let urlAttributes: [String: [String]] = [
        "a": ["href"], "area": ["href"], "link": ["href"], "img": ["src"], "script": ["src"], "iframe": ["src"],
        "source": ["src"], "audio": ["src"], "video": ["src", "poster"], "track": ["src"], "embed": ["src"],
        "object": ["data"], "form": ["action"], "input": ["src"],
    ]
    /// Attributes holding a srcset (URLs with width or density descriptors).
    private static let srcsetAttributes: [String: [String]] = ["img": ["srcset"], "source": ["srcset"]]

    /// Parses `bytes` as an HTML document; libxml2 recovers from any error, as browsers do.
    init(html bytes: Data) {
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                            | HTML_PARSE_NONET.rawValue | HTML_PARSE_COMPACT.rawValue | HTML_PARSE_NOIMPLIED.rawValue)
        let document = bytes.withUnsafeBytes { buffer in
            htmlReadMemory(buffer.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(buffer.count), nil, "UTF-8", options)
        }
        guard let document else { return }
        defer { xmlFreeDoc(document) }
        visit(xmlDocGetRootElement(document))
    }

    private mutating func visit(_ first: xmlNodePtr?) {
        var node = first
        while let current = node {
            if current.pointee.type == XML_ELEMENT_NODE, let namePointer = current.pointee.name {
                let name = String(cString: namePointer).lowercased()
                for attribute in Self.urlAttributes[name] ?? [] {
                    if let value = Self.attribute(current, attribute) { references.append(Reference(attribute: "\(name) \(attribute)", url: value)) }
                }
                for attribute in Self.srcsetAttributes[name] ?? [] {
                    guard let value = Self.attribute(current, attribute) else { continue }
                    for candidate in value.split(separator: ",") {
                        if let url = candidate.split(whereSeparator: \.isWhitespace).first {
                            references.append(Reference(attribute: "\(name) \(attribute)", url: String(url)))
                        }
                    }
                }
                if let id = Self.attribute(current, "id") { anchors.insert(id) }
                if name == "a", let anchor = Self.attribute(current, "name") { anchors.insert(anchor) }
                if name == "title", title == nil { title = Self.text(current) }
                if name == "meta", Self.attribute(current, "name")?.lowercased() == "description" {
                    description = Self.attribute(current, "content") ?? ""
                }
                visit(current.pointee.children)
            }
            node = current.pointee.next
        }
    }

    private static func attribute(_ node: xmlNodePtr, _ name: String) -> String? {
        guard let value = xmlGetProp(node, name) else { return nil }
        defer { sitegen_xml_free(value) }
        return String(cString: value)
    }

    private static func text(_ node: xmlNodePtr) -> String {
        guard let value = xmlNodeGetContent(node) else { return "" }
        defer { sitegen_xml_free(value) }
        return String(cString: value)
    }
}
