import CLibXML2
import Foundation

/// The well-formedness errors of one XML file (the feed, a sitemap), read with libxml2's XML
/// parser. A feed reader or a search engine refuses a feed or sitemap that is not well-formed,
/// where a browser shows a broken page all the same: so every error counts, not only the first.
struct XMLWellFormedness {
    struct Problem: Sendable, Equatable {
        let line: Int
        let column: Int
        /// libxml2's message, without its line end.
        let message: String
    }

    /// Every error libxml2 reports, in the order of the file. Never reads the network
    /// (`XML_PARSE_NONET`) and never expands entities into the document or loads a DTD (no
    /// `XML_PARSE_NOENT` nor `XML_PARSE_DTDLOAD`): a file is checked as it is, by its bytes.
    static func problems(of bytes: Data) -> [Problem] {
        guard let context = xmlNewParserCtxt() else { return [Problem(line: 0, column: 0, message: "libxml2 could not start a parser")] }
        defer { xmlFreeParserCtxt(context) }
        let collected = Collected()
        // The structured error channel gets every error of this parser, with its line and column;
        // `_private` is the application's field of the parser context, which the channel receives.
        let retained = Unmanaged.passRetained(collected)
        defer { retained.release() }
        context.pointee._private = retained.toOpaque()
        context.pointee.sax.pointee.serror = { userData, error in
            guard let userData, let error,
                  let privateField = userData.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private else { return }
            // Warnings are not errors of well-formedness (a namespace URI that is not absolute).
            guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            let message = error.pointee.message.map { String(cString: $0) } ?? "error \(error.pointee.code)"
            Unmanaged<Collected>.fromOpaque(privateField).takeUnretainedValue().problems.append(
                Problem(line: Int(error.pointee.line), column: Int(error.pointee.int2),
                        message: message.trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_COMPACT.rawValue)
        let document = bytes.withUnsafeBytes { buffer in
            xmlCtxtReadMemory(context, buffer.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(buffer.count), nil, nil, options)
        }
        if let document { xmlFreeDoc(document) }
        return collected.problems
    }

    /// What the error channel, a C function without captures, adds to.
    private final class Collected {
        var problems: [Problem] = []
    }
}
