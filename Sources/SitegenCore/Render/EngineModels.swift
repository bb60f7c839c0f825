import Mustache

/// How the engine reads the site's own models whose fields are keys chosen at run time: the
/// pages that make them (Pages/) do not know the engine.
extension HomeModel: MustacheParent {
    func child(named name: String) -> Any? { blocks[name] }
    func declaresChild(named name: String) -> Bool { sections.contains(name) || blocks[name] != nil }
}
