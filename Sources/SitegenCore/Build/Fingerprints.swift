import Foundation

/// Turns what a page or a section was made from into one digest, so that "did anything it
/// reads change?" is one comparison with the last build's manifest.
struct Fingerprints: Sendable {
    let sources: SourceDigests
    let templates: TemplateSet
    let config: SiteConfig
    let clock: BuildClock
    let generator: String
    /// Build options that change what sections load (`--drafts`).
    let flags: String
    /// The digest of each template's text, by name.
    let templateDigests: [String: Digest]
    /// `template(name)` of every template, made once: each page asks for its template's.
    private let templateClosures: [String: String]
    /// `config.settingText(key)` by key, made once: otherwise each event page would serialize
    /// the whole `events` mapping again.
    private let settingTexts = SettingTexts()
    private let sharedPartials = ModelFingerprint.SharedPartials()

    init(sources: SourceDigests, templates: TemplateSet, config: SiteConfig, clock: BuildClock, generator: String, flags: String) {
        self.flags = flags
        self.sources = sources
        self.templates = templates
        self.config = config
        self.clock = clock
        self.generator = generator
        let digests = templates.sources.mapValues { Digest.of($0) }
        templateDigests = digests
        templateClosures = Dictionary(uniqueKeysWithValues: templates.sources.keys.map { name in
            (name, templates.closure(of: name).map { "\($0)=\(digests[$0]?.description ?? "missing")" }.joined(separator: ","))
        })
    }

    /// Everything a page of any kind depends on besides its own inputs: site-wide settings, the
    /// generator's version and the navigation the layout shows.
    func siteWide(navigation: [NavItem]) -> String {
        let nav = navigation.map { "\($0.key)|\($0.path.value)|\($0.order)" }
        return ([generator, config.siteWideText] + nav).joined(separator: "\u{2}")
    }

    /// The digest of a template and every partial and parent it reaches.
    func template(_ name: String) -> String {
        templateClosures[name] ?? "\(name)=missing"
    }

    func resolve(_ dependency: Dependency) -> String {
        switch dependency {
        case .content(let path): return "c:\(path)=\(sources.content(path)?.description ?? "missing")"
        case .contentFolder(let path): return "f:\(path)=\(sources.listing(path))"
        case .contentFiles(let path): return "F:\(path)=\(sources.folders([path]))"
        case .setting(let key): return "s:\(key)=\(settingTexts.text(of: key, in: config))"
        case .template(let name): return "t:\(template(name))"
        case .derived(let name, let fingerprint): return "v:\(name)=\(fingerprint)"
        }
    }

    /// The fingerprint of one output file. `partials` replaces the build's cache of cached
    /// partials' fingerprints, for a test that changes a partial's model under the same key.
    func page(_ page: Page, siteWide: String, partials: ModelFingerprint.SharedPartials? = nil) -> Digest {
        let body = page.recordedFingerprint(shared: partials ?? sharedPartials)
        var parts = [siteWide, page.path.value, ModelFingerprint.of(page.meta), body.digest.description]
        if case .template(let name, _) = page.body { parts.append(template(name)) }
        parts.append(contentsOf: body.partials.map(template))
        parts.append(contentsOf: page.inputs.sorted().map(resolve))
        return Digest.of(parts)
    }

    /// The fingerprint of a section's inputs: its folders, site.yml, the build date and the
    /// templates it used last time. Unchanged means the section would make the same pages.
    func section(_ type: any Section.Type, usedTemplates: [String]) -> Digest {
        var parts = [generator, flags, type.key, config.root?.value.canonicalText ?? "", clock.today.description, config.siteWideText]
        parts.append(sources.folders(type.inputFolders).description)
        parts.append(contentsOf: usedTemplates.sorted().map { "\($0)=\(templateDigests[$0]?.description ?? "missing")" })
        return Digest.of(parts)
    }
}

/// Setting texts made once per build and shared by the threads that fingerprint pages.
private final class SettingTexts: @unchecked Sendable {
    private var texts: [String: String] = [:]
    private let lock = NSLock()

    func text(of key: String, in config: SiteConfig) -> String {
        if let known = lock.withLock({ texts[key] }) { return known }
        let text = config.settingText(key)
        lock.withLock { texts[key] = text }
        return text
    }
}
