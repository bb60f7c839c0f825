import Foundation
import SitegenCore
import Testing

/// How view models reach templates: flattened field by field, escaped byte by byte.
@Suite("Template values")
struct TemplateValuesTests {
    struct Link: Sendable {
        let title: String
        let href: String
    }

    enum Kind: Sendable { case live, studio }

    final class Box: @unchecked Sendable {
        let label = "boxed"
    }

    struct Model: Sendable {
        let text: String
        let count: Int
        let ratio: Double
        let flag: Bool
        let missing: String?
        let present: String?
        let nested: Link
        let nestedOptional: Link?
        let links: [Link]
        let kind: Kind
        let box: Box
    }

    let model = Model(text: "a < b & \"c\" 'd'", count: 3, ratio: 0.5, flag: true, missing: nil, present: "here",
                      nested: Link(title: "N", href: "n/"), nestedOptional: Link(title: "O", href: "o/"),
                      links: [Link(title: "one", href: "1/"), Link(title: "two", href: "2/")], kind: .studio, box: Box())

    func render(_ template: String, _ model: any Sendable) throws -> String {
        let renderer = Renderer(templates: try TemplateSet(sources: ["page": template]),
                                config: SiteConfig(title: "T", baseURL: "https://example.org/"), navigation: [], generator: "test")
        return try renderer.render(Page(path: .page("x"), body: .template("page", model: model)))
    }

    @Test func everyKindOfFieldReachesTheTemplate() throws {
        let html = try render("""
            {{count}} {{ratio}} {{#flag}}yes{{/flag}} [{{missing}}]{{^missing}}none{{/missing}} {{present}} \
            {{nested.title}} {{#nestedOptional}}{{href}}{{/nestedOptional}} \
            {{#links}}{{title}}={{href}}{{^last()}},{{/last()}}{{/links}} {{kind}} {{box.label}} {{root}}
            """, model)
        #expect(html == "3 0.5 yes []none here N o/ one=1/,two=2/ studio boxed ../")
    }

    /// A value with no text of its own prints as nothing, the same on every run: a struct, the
    /// render context at the bottom of the stack (`{{.}}` at the top level, or in a section of a
    /// flag), the cached partials. Their default descriptions showed their insides, the render
    /// context's with the address of its storage.
    @Test func valuesWithoutTextOfTheirOwnPrintAsNothing() throws {
        let html = try render("[{{nested}}][{{.}}][{{{.}}}][{{#flag}}{{.}}{{/flag}}][{{^missing}}{{.}}{{/missing}}][{{cached}}][{{site}}]", model)
        #expect(html == "[][][][][][][]")
    }

    @Test func printedValuesKeepTheirSectionsAndTransforms() throws {
        // Strings and integers reach the engine wrapped (`PrintedText`, `PrintedNumber`): as
        // sections they are truthy and hide no outer names, and their transforms still apply.
        let html = try render("""
            {{#present}}[{{.}}|{{count}}]{{/present}}{{^present}}no{{/present}} {{#count}}<{{.}}>{{/count}} \
            {{uppercased(present)}} {{plusone(count)}} {{#links}}{{#title}}{{href}}{{/title}}{{/links}} \
            {{#empty(text)}}empty{{/empty(text)}}{{^empty(text)}}full{{/empty(text)}} {{#nested}}{{{title}}}{{/nested}}
            """, model)
        #expect(html == "[here|3] <3> HERE 4 1/2/ full N")
        // A struct keeps the dictionary transforms.
        #expect(try render("{{count(nested)}} {{#empty(nested)}}empty{{/empty(nested)}}", model) == "2 ")
    }

    struct Held: Sendable { let value: any Sendable }
    struct HeldList: Sendable { let items: [Held] }

    @Test func aValueIsFlattenedByWhatItHoldsNotByItsDeclaredType() throws {
        // Kinds are kept per type: a field declared `any Sendable` holds a string, a number, a
        // struct, or an optional with or without a value, and each is flattened as itself.
        let items = [Held(value: "text"), Held(value: 7), Held(value: Link(title: "L", href: "l/")),
                     Held(value: String?.none), Held(value: String?("opt")), Held(value: Link(title: "M", href: "m/"))]
        let html = try render("{{#items}}[{{#value.title}}{{.}}{{/value.title}}{{^value.title}}{{value}}{{/value.title}}]{{/items}}",
                              HeldList(items: items))
        #expect(html == "[text][7][L][][opt][M]")
    }

    struct Loose: @unchecked Sendable {
        let maybe: (any Sendable)?
        let nothing: (any Sendable)?
        let list: [Any?]
        let hashables: [AnyHashable]
    }

    @Test func optionalsOfAnyAndValuesThatCastByValueAreFlattenedAsWhatTheyHold() throws {
        // An optional that is itself an `Any` is unwrapped, not handed back whole (which would
        // flatten it without end); `AnyHashable` casts as what it holds, so its kind is not kept.
        let model = Loose(maybe: Link(title: "T", href: "t/"), nothing: nil, list: ["a", nil, 2, Link(title: "L", href: "")],
                          hashables: ["x", 5, "y"])
        let html = try render("{{maybe.title}}[{{nothing}}]{{#list}}({{.}}{{title}}){{/list}}{{#hashables}}<{{.}}>{{/hashables}}", model)
        #expect(html == "T[](a)(2)(L)<x><5><y>")
    }

    @Test func printedValuesHideNoNames() throws {
        // Their own stored fields (`text`, `value`) are not names a template can reach: inside
        // their sections, and after a dot, lookups find what they found for a plain String or Int.
        let html = try render("{{#present}}{{text}}{{/present}}|{{#count}}[{{value}}]{{/count}}|[{{present.text}}][{{count.value}}]", model)
        #expect(html == "a &lt; b &amp; &quot;c&quot; &#39;d&#39;|[]|[][]")
    }

    @Test func valuesAreEscapedAndTripleBracesAreNot() throws {
        #expect(try render("<p title=\"{{text}}\">{{{text}}}</p>", model) == "<p title=\"a &lt; b &amp; &quot;c&quot; &#39;d&#39;\">a < b & \"c\" 'd'</p>")
    }

    @Test func aCombiningMarkDoesNotHideAnAngleBracket() throws {
        // "<" followed by U+0301 is one Character; escaping by Character used to let it through.
        #expect(try render("{{title}}", Link(title: "<\u{301}script>", href: "")) == "&lt;\u{301}script&gt;")
    }

    @Test func aTemplateCanStillAskForText() throws {
        #expect(try render("{{% CONTENT_TYPE: TEXT }}{{text}}", model) == "a < b & \"c\" 'd'")
    }

    @Test func parseErrorsKeepTheirLineNumbers() {
        for (source, line) in [("{{#a}}{{/b}}", 1), ("x\n{{#a}}\ny{{/b}}", 3)] {
            do {
                _ = try TemplateSet(sources: ["page": source])
                Issue.record("\(source) should not parse")
            } catch {
                #expect(error.location?.line == line)
            }
        }
    }
}
