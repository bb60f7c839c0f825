import Foundation
import SitegenCharts
import SitegenCore

extension FetchRun {
    /// The largest cover of every cached album.getInfo answer and picture of every cached
    /// artist.getInfo answer that is neither copied nor recorded as missing.
    func fetchImages() async {
        var requests: [FetchRequest] = []
        for (kind, root) in [("albums", "album"), ("artists", "artist")] {
            for name in writer.names(in: ["charts", kind]) where name.hasSuffix(".json") {
                guard let answer = CachePath(["charts", kind, name]).flatMap(writer.json), LastFMReader.error(in: answer) == nil,
                      let largest = LastFMReader.artwork(answer[root]["image"], warnings: WarningLog())?.variants.last else { continue }
                guard let request = ImagesPlan.request(link: largest.url, kind: kind, stem: String(name.dropLast(".json".count))) else {
                    refuse(.images, what: "the image of charts/\(kind)/\(name)", reason: "not an http(s) link")
                    continue
                }
                if writer.exists(request.file) || writer.exists(ImagesPlan.missingMarker(request.file)) { continue }
                requests.append(request)
            }
        }
        await perform(requests)
    }
}
