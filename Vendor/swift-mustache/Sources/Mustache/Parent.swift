//
// This source file is part of the Hummingbird server framework project
// Copyright (c) the Hummingbird authors
//
// See LICENSE.txt for license information
// SPDX-License-Identifier: Apache-2.0
//
// Modified for sitegen: `declaresChild(named:)`. See Vendor/README.md.
//

/// Protocol for object that has a custom method for accessing their children, instead
/// of using Mirror
public protocol MustacheParent {
    func child(named: String) -> Any?
    /// Whether `name` is one of this value's children, even one without a value (`child(named:)`
    /// gives nil for both). Asked only to report names nothing declares
    /// (`MustacheUndeclaredNames`); true unless the type says.
    func declaresChild(named: String) -> Bool
}

extension MustacheParent {
    public func declaresChild(named: String) -> Bool { true }
}

/// Extend dictionary where the key is a string so that it uses the key values to access
/// it values
extension Dictionary: MustacheParent where Key == String {
    public func child(named: String) -> Any? { self[named] }
    public func declaresChild(named: String) -> Bool { self.keys.contains(named) }
}
