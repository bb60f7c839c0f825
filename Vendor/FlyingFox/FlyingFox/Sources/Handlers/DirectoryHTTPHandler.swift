//
//  DirectoryHTTPHandler.swift
//  FlyingFox
//
//  Created by Huw Rowlands on 20/03/2022.
//  Copyright © 2022 Simon Whitty. All rights reserved.
//
//  Distributed under the permissive MIT license
//  Get the latest version from here:
//
//  https://github.com/swhitty/FlyingFox
//
//  Permission is hereby granted, free of charge, to any person obtaining a copy
//  of this software and associated documentation files (the "Software"), to deal
//  in the Software without restriction, including without limitation the rights
//  to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
//  copies of the Software, and to permit persons to whom the Software is
//  furnished to do so, subject to the following conditions:
//
//  The above copyright notice and this permission notice shall be included in all
//  copies or substantial portions of the Software.
//
//  THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
//  IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
//  FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
//  AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
//  LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
//  OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
//  SOFTWARE.
//

import Foundation

public struct DirectoryHTTPHandler: HTTPHandler {

    private(set) var root: URL?
    let serverPath: String
    let cacheControl: [HTTPCacheControl.ResponseDirective]

    public init(root: URL,
                serverPath: String = "/",
                cacheControl: [HTTPCacheControl.ResponseDirective] = [.private]) {
        self.root = root
        self.serverPath = serverPath
        self.cacheControl = cacheControl
    }

    public init(bundle: Bundle,
                subPath: String = "",
                serverPath: String,
                cacheControl: [HTTPCacheControl.ResponseDirective] = [.private]) {
        self.root = bundle.resourceURL?.appendingPathComponent(subPath)
        self.serverPath = serverPath
        self.cacheControl = cacheControl
    }

    public func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let filePath = makeFileURL(for: request.path) else {
            return HTTPResponse(statusCode: .notFound)
        }

        do {
            var headers: HTTPHeaders = [
                .contentType: FileHTTPHandler.makeContentType(for: filePath.absoluteString),
                .cacheControl: cacheControl.getSerializedValue(),
                .date: HTTPCacheControl.getDateHeaderValue()
            ]

            if let expiresValue = HTTPCacheControl.getExpiresValue(for: filePath) {
                headers[.lastModified] = expiresValue
                if let ifModifiedSince = request.headers[.ifModifiedSince], expiresValue == ifModifiedSince {
                    return HTTPResponse(statusCode: .notModified,
                                        headers: headers)
                }
            }

            if let eTagValue = HTTPCacheControl.getETagValue(for: filePath) {
                headers[.eTag] = eTagValue
                if let ifNoneMatch = request.headers[.ifNoneMatch], eTagValue == ifNoneMatch {
                    return HTTPResponse(statusCode: .notModified,
                                        headers: headers)
                }
            }

            return try HTTPResponse(
                statusCode: .ok,
                headers: headers,
                body: HTTPBodySequence(file: filePath)
            )
        } catch {
            return HTTPResponse(statusCode: .notFound)
        }
    }

    func makeFileURL(for requestPath: String) -> URL? {
        let compsA = serverPath
            .split(separator: "/", omittingEmptySubsequences: true)
            .joined(separator: "/")

        let compsB = requestPath
            .split(separator: "/", omittingEmptySubsequences: true)
            .joined(separator: "/")

        guard compsB.hasPrefix(compsA) else { return nil }
        let subPath = String(compsB.dropFirst(compsA.count))
        return root?.appendingPathComponent(subPath)
    }
    
}
