//
// Added for sitegen: the paths Vendor/swift-mustache.patch changes, rendered as before.
//

import Foundation
import Mustache
import XCTest

final class SitegenPatchTests: XCTestCase {
    private func render(_ template: String, _ object: Any) throws -> String {
        try MustacheTemplate(string: template).render(object)
    }

    /// A plain name is looked up without being split: found on top, found further down the
    /// stack, missing everywhere.
    func testPlainNameClimbsTheStack() throws {
        let object: [String: Any] = ["title": "outer", "name": "shadowed", "inner": ["name": "x"]]
        XCTAssertEqual(try render("{{#inner}}{{name}} {{title}} [{{missing}}]{{/inner}}", object), "x outer []")
    }

    /// Dotted names and names that start with "." still take the split path.
    func testDottedNames() throws {
        let object: [String: Any] = ["title": "outer", "inner": ["name": "x", "deep": ["leaf": "y"]]]
        XCTAssertEqual(try render("{{inner.deep.leaf}} {{#inner}}{{deep.leaf}}{{/inner}}", object), "y y")
        // A leading "." does not climb the stack.
        XCTAssertEqual(try render("{{#inner}}[{{.title}}] {{.name}}{{/inner}}", object), "[] x")
    }

    /// A lambda in a section is called with the section's text, not pushed on the stack.
    func testLambdaSection() throws {
        let object: [String: Any] = [
            "name": "Ada",
            "bold": MustacheLambda { text in "<b>\(text)</b>" },
        ]
        XCTAssertEqual(try render("{{#bold}}Hi {{name}}{{/bold}}", object), "<b>Hi Ada</b>")
    }

    /// A lambda printed as a variable still renders what it returns, and a value that is a
    /// template still renders as one.
    func testLambdaAndTemplateVariables() throws {
        let object: [String: Any] = [
            "name": "Ada",
            "greet": MustacheLambda { "Hello" },
            "partial": try MustacheTemplate(string: "<i>{{name}}</i>"),
        ]
        XCTAssertEqual(try render("{{greet}} {{partial}}", object), "Hello <i>Ada</i>")
    }

    /// Sections over lists, booleans, null renderables and other values keep their meaning.
    func testSectionKinds() throws {
        let object: [String: Any] = [
            "list": [["n": 1], ["n": 2]], "yes": true, "no": false, "null": NSNull(), "text": Text("t"), "nothing": Text(nil),
        ]
        XCTAssertEqual(
            try render("{{#list}}{{n}}{{/list}}|{{#yes}}y{{/yes}}{{#no}}n{{/no}}|{{#null}}x{{/null}}{{^null}}none{{/null}}|{{#text}}[{{.}}]{{/text}}{{#nothing}}x{{/nothing}}{{^nothing}}empty{{/nothing}}", object),
            "12|y|none|[t]empty"
        )
        // Inverted sections over each kind, and a Bool in an optional or a Foundation number.
        let maybe: Bool? = false
        let more: [String: Any] = ["yes": true, "no": false, "maybe": maybe as Any, "number": NSNumber(value: false), "list": [Int](), "text": Text("t")]
        XCTAssertEqual(
            try render("{{^yes}}a{{/yes}}{{^no}}b{{/no}}{{^maybe}}c{{/maybe}}{{#maybe}}d{{/maybe}}{{^number}}e{{/number}}{{^list}}f{{/list}}{{^text}}g{{/text}}{{^missing}}h{{/missing}}", more),
            "bcefh"
        )
    }

    /// Casts remembered by type give what casting each value gave: values of one type met again
    /// and again, optionals (whose casts depend on the value), class instances, custom
    /// representations (looked up in and pushed on the stack), and an `Any` that holds another
    /// existential.
    func testCastsRememberedByType() throws {
        let some: [String: Any]? = ["name": "in optional"]
        let none: [String: Any]? = nil
        let object: [String: Any] = [
            "items": [Item(name: "a"), Item(name: "b"), Item(name: "c")],
            "some": some as Any, "none": none as Any,
            "node": Node(name: "class"),
            "represented": Represented(representation: ["name": "represented"]),
            "nested": boxed(Text("nested") as any Sendable),
            "texts": [Text("x"), Text(nil), Text("y")],
        ]
        XCTAssertEqual(
            try render(
                "{{#items}}{{name}}{{/items}}|{{#some}}{{name}}{{/some}}|{{#none}}x{{/none}}{{^none}}no{{/none}}|{{node.name}}|{{represented.name}}|{{#represented}}{{name}}{{/represented}}|{{#node}}{{name}}{{/node}}|{{nested}}|{{#texts}}[{{.}}]{{/texts}}",
                object
            ),
            // As upstream renders it: an optional without a value, in an `Any`, is a value there.
            "abc|in optional|x|class|represented|represented|class|nested|[x][][y]"
        )
        // A representation at the root of the stack, and in a list, is pushed as it is.
        let represented = Represented(representation: ["name": "root"])
        XCTAssertEqual(try render("{{name}}|{{#list}}{{name}}{{/list}}", ["list": [represented]]), "|root")
        XCTAssertEqual(try render("{{name}}", represented), "root")
    }

    /// Sections, partials and blocks append to one string: indented partials still indent each
    /// line they render (and not a line their caller began), in loops and nested partials; an
    /// inherited block, an inverted section over an empty list and a lambda's text still land
    /// where they stand.
    func testOneOutputString() throws {
        let library = MustacheLibrary(templates: try [
            "page": "<ul>\n  {{>row}}\n</ul>\n{{<base}}{{$body}}[{{title}}]{{/body}}{{/base}}",
            "row": "{{#items}}\n<li>{{name}}</li>\n  {{>cell}}\n{{/items}}\n{{^empty}}none{{/empty}}\n",
            "cell": "<span>{{#bold}}{{name}}{{/bold}}</span>\n{{#none}}x{{/none}}\n",
            "base": "<main>{{$body}}default{{/body}}</main>",
        ].mapValues { try MustacheTemplate(string: $0) })
        let object: [String: Any] = [
            "title": "T", "items": [["name": "a"], ["name": "b"]], "empty": [Int](),
            "bold": MustacheLambda { text in "<b>\(text)</b>" },
        ]
        XCTAssertEqual(
            library.render(object, withTemplate: "page"),
            // As upstream renders it, the loop's second <li> unindented included.
            "<ul>\n  <li>a</li>\n    <span><b>a</b></span>\n    \n<li>b</li>\n    <span><b>b</b></span>\n    \n  none\n</ul>\n<main>[T]</main>"
        )
    }

    /// A content-type tag changes how the tags after it escape, and only those, in the template
    /// it stands in: before it, in the sections and items after it, and in an indented partial;
    /// its caller's escaping is left as it was. (The render no longer copies its context into
    /// a variable; the tokens after the tag render with a context of their own.)
    func testContentTypeChangesTheRestOfItsTemplate() throws {
        let library = MustacheLibrary(templates: try [
            "page": "{{v}}|{{>text}}|{{v}}\n  {{>text}}\n{{#items}}[{{.}}]{{/items}}",
            "text": "{{v}}{{% CONTENT_TYPE:TEXT}}{{v}}{{#items}}({{.}}){{/items}}\n{{v}}",
        ].mapValues { try MustacheTemplate(string: $0) })
        let object: [String: Any] = ["v": "<&>", "items": ["<a>", "<b>"]]
        XCTAssertEqual(
            library.render(object, withTemplate: "page"),
            // As upstream renders it.
            "&lt;&amp;&gt;|&lt;&amp;&gt;<&>(<a>)(<b>)\n<&>|&lt;&amp;&gt;\n  &lt;&amp;&gt;<&>(<a>)(<b>)\n  <&>[&lt;a&gt;][&lt;b&gt;]"
        )
    }

    /// A library given `undeclaredNames` reports the names nothing on the stack declares, with
    /// the template it rendered: not a declared child without a value, not a name found further
    /// down the stack, not a dotted name whose first part has no value. A library without one
    /// reports nothing, and renders the same.
    func testUndeclaredNames() throws {
        var library = MustacheLibrary()
        try library.register("{{#inner}}{{titel}} {{title}} {{none}} {{name}}{{/inner}} {{inner.nmae}} {{none.x}} {{.title}} "
                             + "{{#list}}{{label}}{{/list}}{{^missing}}m{{/missing}}{{>partial}}", named: "page")
        try library.register("{{partialName}}", named: "partial")
        let object: [String: Any] = ["title": "t", "none": Optional<String>.none as Any, "inner": Item(name: "x"), "list": ["a"]]
        XCTAssertEqual(library.render(object, withTemplate: "page"), " t nil x   t m")
        let names = MustacheUndeclaredNames()
        library.undeclaredNames = names
        XCTAssertEqual(library.render(object, withTemplate: "page"), " t nil x   t m")
        XCTAssertEqual(names.take().map { "\($0.template) \($0.partial ?? "-") \($0.name)" },
                       ["page - inner.nmae", "page - label", "page - missing", "page - titel", "page partial partialName"])
        XCTAssertEqual(names.take().count, 0)
        _ = library.render(object, withTemplate: "partial")
        XCTAssertEqual(names.take().map { "\($0.template) \($0.partial ?? "-") \($0.name)" }, ["partial - partialName"])
    }

    /// A value of type T in an `Any`, as a generic function stores it: for T an existential, the
    /// `Any` holds that existential.
    private func boxed<T>(_ value: T) -> Any { value }

    private struct Item: MustacheParent {
        let name: String
        func child(named name: String) -> Any? { name == "name" ? self.name : nil }
        func declaresChild(named name: String) -> Bool { name == "name" }
    }

    private final class Node: MustacheParent {
        let name: String
        init(name: String) { self.name = name }
        func child(named name: String) -> Any? { name == "name" ? self.name : nil }
    }

    private struct Represented: MustacheCustomRepresentation, MustacheParent {
        let representation: Any?
        func child(named name: String) -> Any? { "not the representation" }
    }

    private struct Text: MustacheCustomRenderable, Sendable {
        let text: String?
        init(_ text: String?) { self.text = text }
        var renderText: String { text ?? "" }
        var isNull: Bool { text == nil }
    }
}
