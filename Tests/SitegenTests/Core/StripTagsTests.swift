import Testing
@testable import SitegenCore

/// Tags are stripped on the bytes; these tests hold the byte walk to what the walk by characters
/// it replaced gave, kept here as the reference.
@Suite("Stripping tags")
struct StripTagsTests {
    /// The walk by characters, as it was.
    static func reference(_ html: String) -> String {
        var text = ""
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let close = html[index...].firstIndex(of: ">") {
                let tag = html[html.index(after: index)..<close].lowercased()
                let name = tag.drop(while: { $0 == "/" }).prefix(while: { $0.isLetter || $0.isNumber })
                if ["br", "p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6"].contains(String(name)) {
                    if !text.hasSuffix("\n") { text.append("\n") }
                }
                index = html.index(after: close)
                // A script's or style sheet's text goes with its tags, up to the closing tag.
                if !tag.hasPrefix("/"), ["script", "style"].contains(String(name)) {
                    let closing = Array("</" + name)
                    var end = html.endIndex
                    var at = index
                    while at < html.endIndex {
                        let run = html[at...].prefix(closing.count)
                        if run.count == closing.count, zip(run, closing).allSatisfy({ $0.isASCII && $0.lowercased() == String($1) }) {
                            let after = html.index(at, offsetBy: closing.count)
                            end = html[after...].firstIndex(of: ">").map { html.index(after: $0) } ?? html.endIndex
                            break
                        }
                        at = html.index(after: at)
                    }
                    index = end
                }
                continue
            }
            text.append(character)
            index = html.index(after: index)
        }
        return text
    }

    static let tricky = [
        "Set I: Bertha<br />Set II: <b>Wharf Rat</b>", "<P>One</P><DIV>Two</DIV>", "a < b > c", "no close <br",
        "<\u{301}br>x", "<br>\u{301}", "x<br>>y", "<br\u{301}>a", "<brä>b", "<Bİ>c", "</\u{301}p>d", "<h1 class=\"x\">T</h1>",
        "line\r<br>next", "line\r\n<br>next", "line\n<br><br>next", "\u{600}<br>e", "<p>é</p><li>ü</li>", "<>", "<", ">", "",
        "ok <a href=\"x>y\">link</a>", "<ｂｒ>wide", "<br/><br/>", "tab\t<tr>row", "<\u{200D}p>zwj", "<p\u{200D}>zwj",
        "Great show <script>alert(3)</script><style>body{display:none}</style>click", "<SCRIPT>x</Script >y", "a<script>never closed",
        "</script>kept", "<style type=\"t\">p{}</style>\u{301}after", "<scripts>words</scripts>",
    ]

    @Test func scriptsAndStylesLeaveNoCode() {
        #expect(HTMLText.stripTags("Great show <script>alert(3)</script><style>body{display:none}</style>click") == "Great show click")
    }

    @Test func trickyInputsGiveWhatTheWalkByCharactersGave() {
        for html in Self.tricky {
            #expect(HTMLText.stripTags(html) == Self.reference(html), "\(html.debugDescription)")
        }
    }

    @Test func randomInputsGiveWhatTheWalkByCharactersGave() {
        let pieces = ["<", ">", "/", "br", "P", "li", "x", " ", "\r", "\n", "é", "\u{301}", "\u{200D}", "\u{600}", "ä", "1", "=\"", "<br>", "</p>",
                      "script", "<style>", "</STYLE>"]
        var random = SeededRandom(seed: 11)
        for _ in 0..<3_000 {
            let html = (0..<Int.random(in: 0...24, using: &random)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined()
            #expect(HTMLText.stripTags(html) == Self.reference(html), "\(html.debugDescription)")
        }
    }

    /// Plain-text fields (an archive recording's title, source, lineage, taper) keep a name in
    /// angle brackets that no HTML element has; HTML elements and comments in them still go.
    @Test func onlyHTMLTagsKeepsOtherBrackets() {
        let lineage = "AKG <SBD> > DAT<br>Sony <b>PCM</b><!-- was x --> a <> b <Font color=red>c</font>"
        #expect(HTMLText.plainText(lineage, onlyHTMLTags: true) == "AKG <SBD> > DAT\nSony PCM a <> b c")
        #expect(HTMLText.plainText(lineage) == "AKG  > DAT\nSony PCM a  b c")
    }
}
