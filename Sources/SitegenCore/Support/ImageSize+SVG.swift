import CLibXML2
import Foundation

extension ImageSize {
    /// The size an SVG gives its root element: `width` and `height` in pixels (a number, or
    /// one with "px"), else what its `viewBox` says of the missing side or of both. nil for a
    /// document whose root is not `svg`, a size in other units (em, %) without a viewBox, or a
    /// document libxml2 cannot read up to its root. libxml2 reads the bytes as given (no
    /// network, no external entities), and no further than the root element's start tag.
    static func svg(_ data: Data) -> ImageSize? {
        data.withUnsafeBytes { raw -> ImageSize? in
            guard let base = raw.baseAddress, raw.count > 0, raw.count <= Int(Int32.max) else { return nil }
            let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
            guard let reader = xmlReaderForMemory(base.assumingMemoryBound(to: CChar.self), Int32(raw.count), nil, nil, options) else {
                return nil
            }
            defer { xmlFreeTextReader(reader) }
            while xmlTextReaderRead(reader) == 1 {
                guard xmlTextReaderNodeType(reader) == Int32(XML_READER_TYPE_ELEMENT.rawValue) else { continue }
                guard let name = xmlTextReaderConstLocalName(reader), String(cString: name) == "svg" else { return nil }
                func attribute(_ name: String) -> String? {
                    guard let value = xmlTextReaderGetAttribute(reader, name) else { return nil }
                    defer { sitegen_xml_free(value) }
                    return String(cString: value)
                }
                return Self.svgSize(width: attribute("width"), height: attribute("height"), viewBox: attribute("viewBox"))
            }
            return nil
        }
    }

    /// The size of an SVG from its root's attributes, as they are written.
    static func svgSize(width: String?, height: String?, viewBox: String?) -> ImageSize? {
        let width = width.flatMap(Self.pixels), height = height.flatMap(Self.pixels)
        if let width, let height { return ImageSize(width: Int(width.rounded()), height: Int(height.rounded())) }
        guard let box = viewBox.flatMap(Self.viewBoxSides) else { return nil }
        if let width { return ImageSize(width: Int(width.rounded()), height: Int((width * box.height / box.width).rounded())) }
        if let height { return ImageSize(width: Int((height * box.width / box.height).rounded()), height: Int(height.rounded())) }
        return ImageSize(width: Int(box.width.rounded()), height: Int(box.height.rounded()))
    }

    /// "800" or "800px" (spaces around allowed); nil for other units and for what is not a
    /// finite number above zero.
    private static func pixels(_ text: String) -> Double? {
        var number = text.trimmingCharacters(in: .whitespaces)
        if number.hasSuffix("px") { number.removeLast(2) }
        guard let value = Double(number), value.isFinite, value > 0, value <= Double(maxSide) else { return nil }
        return value
    }

    /// The width and height of "min-x min-y width height" (spaces or commas between).
    private static func viewBoxSides(_ text: String) -> (width: Double, height: Double)? {
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map { Double($0) }
        guard numbers.count == 4, let width = numbers[2], let height = numbers[3], width.isFinite, height.isFinite,
              width > 0, height > 0, width <= Double(maxSide), height <= Double(maxSide) else { return nil }
        return (width, height)
    }
}
