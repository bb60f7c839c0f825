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
    }

    private struct Text: MustacheCustomRenderable {
        let text: String?
        init(_ text: String?) { self.text = text }
        var renderText: String { text ?? "" }
        var isNull: Bool { text == nil }
    }
}
