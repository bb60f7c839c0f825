import Foundation
import Mustache

/// The site owner's templates (Templates/**/*.mustache), parsed once per build. swift-mustache
/// renders a missing template or partial as nothing, so every reference between templates is
/// checked here, and every template a page asks for is checked before rendering.
public struct TemplateSet: Sendable {
    public let library: MustacheLibrary
    /// Template name ("news/post") -> the file it came from, relative to the templates folder.
    public let files: [String: String]
    /// Template name -> the names of the partials and parents it refers to.
    public let references: [String: Set<String>]
    /// Template name -> its text, for digests of what a page was rendered with.
    public let sources: [String: String]
    let folderName: String
    /// The names tags looked up that no value on their page declares, reported by the renders
    /// since `warnAboutUndeclaredNames` last took them.
    let undeclaredNames = MustacheUndeclaredNames()

    /// No templates: what a build that failed to load them goes on with while it looks for the
    /// other problems of its inputs (it never renders).
    static var empty: TemplateSet { try! TemplateSet(sources: [:]) }

    /// The error for a templates folder that is not there, named `folderName` in messages.
    static func folderMissing(_ folderName: String) -> SitegenError {
        BuildOptionName.templates.error("templates folder not found; create it, or choose another templates folder",
                                        at: SourceLocation(file: folderName))
    }

    /// Loads every `.mustache` file under `directory`; `folderName` names it in messages. The
    /// folder is walked as the content is (`WalkRules`): a symbolic link that leaves `allowed`
    /// (by default the folder itself), a special file or one over `sizeLimit` is an error
    /// naming it (Templates/assets/ is walked, and reported, with the content).
    public static func load(from directory: URL, folderName: String, allowed: [URL]? = nil,
                            sizeLimit: Int = SiteConfig.defaultMaxFileBytes) throws(SitegenError) -> TemplateSet {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw folderMissing(folderName)
        }
        let rules = WalkRules(allowed: (allowed ?? [directory]).map(\.path), sizeLimit: sizeLimit)
        let files = FileSnapshot.files(under: directory.path, jobs: 1, rules: rules)
        let refused = rules.refused.filter { !$0.path.hasPrefix("assets/") }
        if let error = SitegenError.all(refused.map { SitegenError($0.reason, at: SourceLocation(file: folderName + "/" + $0.path)) }) {
            throw error
        }
        var sources: [String: String] = [:]
        var problems: [SitegenError] = []
        for (relative, _) in files where relative.hasSuffix(".mustache") {
            do throws(SitegenError) {
                let data = try FileBytes.read(directory.path + "/" + relative, displayPath: folderName + "/" + relative, limit: sizeLimit)
                guard let text = String(data: data, encoding: .utf8) else {
                    throw SitegenError("cannot read template (is it UTF-8?)", at: SourceLocation(file: folderName + "/" + relative))
                }
                sources[String(relative.dropLast(".mustache".count))] = text
            } catch {
                problems.append(error)
            }
        }
        do throws(SitegenError) {
            // A template that could not be read is not missing: references to it are no error.
            let unread = Set(problems.compactMap { $0.location?.file })
            let set = try TemplateSet(sources: sources, folderName: folderName, unread: unread)
            if let error = SitegenError.all(problems) { throw error }
            return set
        } catch {
            throw SitegenError.all(problems + [error])!
        }
    }

    /// Parses templates given as text, keyed by name ("layout", "partials/nav"). Every template
    /// that does not parse and every reference to a missing one is reported, in one error.
    /// `unread` are the files (as named in messages) that exist but could not be read, already
    /// reported: a reference to one is not reported again as missing.
    public init(sources: [String: String], folderName: String = "Templates", unread: Set<String> = []) throws(SitegenError) {
        var templates: [String: MustacheTemplate] = [:]
        var files: [String: String] = [:]
        var references: [String: Set<String>] = [:]
        var problems: [SitegenError] = []
        for name in sources.keys.sorted() {
            let file = folderName + "/" + name + ".mustache"
            files[name] = file
            do {
                templates[name] = try MustacheTemplate(string: HTMLEscaping.pragma + sources[name]!)
            } catch let error as MustacheTemplate.ParserError {
                // The parser finds an unclosed section at the end of the file: the place to
                // name is where it was opened.
                let mismatch = TemplateReferences.sectionMismatch(in: sources[name]!)
                if "\(error.error)" == "expectedSectionEnd", case .unclosed(let open) = mismatch {
                    problems.append(SitegenError("template does not parse: the section `\(open.name)` opened here is never closed",
                                                 at: SourceLocation(file: file, line: open.line, column: open.column)))
                } else if "\(error.error)" == "sectionCloseNameIncorrect", case .closedAs(let open, let close) = mismatch {
                    problems.append(SitegenError("template does not parse: the section `\(open.name)` opened at line \(open.line), column \(open.column) "
                                                 + "is closed here as `\(close.name)`",
                                                 at: SourceLocation(file: file, line: close.line, column: close.column)))
                } else if "\(error.error)" == "sectionCloseNameIncorrect", case .closedUnopened(let close) = mismatch {
                    problems.append(SitegenError("template does not parse: `{{/\(close.name)}}` closes a section that was never opened",
                                                 at: SourceLocation(file: file, line: close.line, column: close.column)))
                } else if "\(error.error)" == "unfinishedName", let tag = TemplateReferences.unclosedTag(in: sources[name]!) {
                    problems.append(SitegenError("template does not parse: the tag opened here is not closed (missing \(tag.missing))",
                                                 at: SourceLocation(file: file, line: tag.line, column: tag.column)))
                } else {
                    problems.append(SitegenError("template does not parse: \(Self.explain(error.error))",
                                                 at: SourceLocation(file: file, line: max(1, error.context.lineNumber - HTMLEscaping.pragmaLines),
                                                                    column: error.context.columnNumber)))
                }
            } catch {
                problems.append(SitegenError("template does not parse: \(error)", at: SourceLocation(file: file)))
            }
            references[name] = Set(TemplateReferences.scan(sources[name]!).map(\.name))
        }
        // A reference to a template that does not exist would render as nothing: say where it is.
        for name in sources.keys.sorted() {
            for reference in TemplateReferences.scan(sources[name]!)
            where sources[reference.name] == nil && !unread.contains(folderName + "/" + reference.name + ".mustache") {
                problems.append(SitegenError("template refers to `\(reference.name)`, but there is no \(folderName)/\(reference.name).mustache",
                                             at: SourceLocation(file: files[name]!, line: reference.line, column: reference.column)))
            }
        }
        for cycle in TemplateReferences.cycles(in: sources) {
            let loop = cycle.path.joined(separator: " → ")
            problems.append(SitegenError("this template includes itself (\(loop)): rendering it would never end; remove the tag, or the include that leads back",
                                         at: SourceLocation(file: files[cycle.template]!, line: cycle.reference.line, column: cycle.reference.column)))
        }
        if let error = SitegenError.all(problems) { throw error }
        var library = MustacheLibrary(templates: templates)
        library.undeclaredNames = undeclaredNames
        self.library = library
        self.files = files
        self.references = references
        self.sources = sources
        self.folderName = folderName
    }

    public func contains(_ name: String) -> Bool { files[name] != nil }

    /// Fails with a clear message when a page kind's template is missing.
    public func require(_ name: String, for purpose: String) throws(SitegenError) {
        guard contains(name) else {
            throw SitegenError("the template for \(purpose) is missing: create \(folderName)/\(name).mustache",
                               at: SourceLocation(file: folderName + "/" + name + ".mustache"))
        }
    }

    /// The template and every template it reaches through partials and parents, sorted.
    public func closure(of name: String) -> [String] {
        var seen: Set<String> = []
        var stack = [name]
        while let next = stack.popLast() {
            guard seen.insert(next).inserted else { continue }
            stack.append(contentsOf: references[next] ?? [])
        }
        return seen.sorted()
    }

    private static func explain(_ error: Error) -> String {
        switch "\(error)" {
        case "sectionCloseNameIncorrect": return "a section is closed with a different name than it was opened with"
        case "unfinishedName": return "a tag is not closed (missing }})"
        case "expectedSectionEnd": return "a section is opened but never closed"
        case "invalidSetDelimiter": return "an invalid set-delimiter tag"
        case "illegalTokenInsideInheritSection": return "only {{$block}} overrides may stand inside {{<parent}}…{{/parent}}"
        case "transformAppliedToInheritanceSection": return "a transform cannot be applied to an inheritance section"
        case "unrecognisedConfigVariable", "invalidConfigVariableSyntax": return "an unknown {{% … }} configuration tag"
        case let other: return other
        }
    }
}
