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
    /// `<meta>` whose content is an image's URL.
    private static let imageMetaKeys: Set<String> = ["og:image", "twitter:image"]
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
                // libxml2's HTML parser gives element and attribute names in lowercase.
                let name = String(cString: namePointer)
                let urlNames = Self.urlAttributes[name]
                let srcsetNames = Self.srcsetAttributes[name]
                // `<meta name=…>` or `<meta property=…>`, and its content.
                var metaKey: String?
                var content: String?
                // Each attribute is read once, in one walk of the element's attribute list.
                var attribute = current.pointee.properties
                while let property = attribute {
                    attribute = property.pointee.next
                    guard let attributeName = property.pointee.name.map({ String(cString: $0) }) else { continue }
                    let wanted = attributeName == "id" || (name == "a" && attributeName == "name")
                        || urlNames?.contains(attributeName) == true || srcsetNames?.contains(attributeName) == true
                        || (name == "meta" && (attributeName == "name" || attributeName == "property" || attributeName == "content"))
                    guard wanted, let value = Self.value(of: property, in: current) else { continue }
                    if attributeName == "id" || (name == "a" && attributeName == "name") { anchors.insert(value) }
                    if urlNames?.contains(attributeName) == true { references.append(Reference(attribute: "\(name) \(attributeName)", url: value)) }
                    if srcsetNames?.contains(attributeName) == true {
                        for candidate in value.split(separator: ",") {
                            if let url = candidate.split(whereSeparator: \.isWhitespace).first {
                                references.append(Reference(attribute: "\(name) \(attributeName)", url: String(url)))
                            }
                        }
                    }
                    if name == "meta", attributeName == "name" || attributeName == "property" { metaKey = value.lowercased() }
                    if name == "meta", attributeName == "content" { content = value }
                }
                if metaKey == "description" { description = content ?? "" }
                // The picture a shared link shows is a file of the site as much as an <img>.
                if let metaKey, Self.imageMetaKeys.contains(metaKey), let content {
                    references.append(Reference(attribute: "meta \(metaKey)", url: content))
                }
                if name == "title", title == nil { title = Self.text(current) }
                visit(current.pointee.children)
            }
            node = current.pointee.next
        }
    }

    private static func value(of property: xmlAttrPtr, in node: xmlNodePtr) -> String? {
        guard let value = xmlNodeListGetString(node.pointee.doc, property.pointee.children, 1) else { return "" }
        defer { sitegen_xml_free(value) }
        return String(cString: value)
    }

    private static func text(_ node: xmlNodePtr) -> String {
        guard let value = xmlNodeGetContent(node) else { return "" }
        defer { sitegen_xml_free(value) }
        return String(cString: value)
    }
}
