import Foundation
import SitegenCharts
import SitegenCore

extension FetchRun {
    /// The largest cover of every cached album.getInfo answer, picture of every cached
    /// artist.getInfo answer and avatar of every cached user.getInfo answer that is neither
    /// copied nor recorded as missing.
    func fetchImages() async {
        var requests: [FetchRequest] = []
        for answer in imageAnswers() {
            guard let root = CachePath(answer.file).flatMap(writer.json), LastFMReader.error(in: root) == nil,
                  let largest = LastFMReader.artwork(root[answer.root]["image"], warnings: WarningLog())?.variants.last else { continue }
            guard let request = ImagesPlan.request(link: largest.url, kind: answer.kind, stem: answer.stem) else {
                refuse(.images, what: "the image of \(answer.file.joined(separator: "/"))", reason: "not an http(s) link")
                continue
            }
            if writer.exists(request.file) || writer.exists(ImagesPlan.missingMarker(request.file)) { continue }
            requests.append(request)
        }
        let waiting = recorder.awaitingImages
        if waiting > 0 { uncounted(.images, "those linked by Last.fm answers not cached yet (\(waiting) album.getInfo, artist.getInfo or user.getInfo requests counted above)") }
        await perform(requests)
    }

    /// The cached Last.fm answers that link an image: the file, the key its `image` list is
    /// under, and the kind and stem its copy is named by (`LocalImages`).
    private func imageAnswers() -> [(file: [String], root: String, kind: String, stem: String)] {
        var answers: [(file: [String], root: String, kind: String, stem: String)] = []
        for (kind, root) in [("albums", "album"), ("artists", "artist")] {
            for name in writer.names(in: ["charts", kind]) where name.hasSuffix(".json") {
                answers.append((["charts", kind, name], root, kind, String(name.dropLast(".json".count))))
            }
        }
        // A listener's avatar is named for their folder: user.getInfo is always `user.json`.
        for name in writer.names(in: ["charts"]) {
            guard let folder = ChartsPlan.folder(name) else { continue }
            answers.append((folder + ["user.json"], "user", "users", name))
        }
        return answers
    }
}
