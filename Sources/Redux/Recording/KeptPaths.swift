/// The parts of a value an encoding keeps, for an inspector that reads only a few paths of
/// each state (`blame cart.total`, a predicate of `bisect`): encoding a whole replayed state
/// costs several times running its action through the reducer, and most of a state is not
/// on the paths read.
///
/// Each path is a list of member names from the top. Along a path, an object written by a
/// keyed container leaves out the members that are values of their own (written with
/// `encode(_:forKey:)` for a type other than a string, a standard number or a Boolean) and go
/// on to no path; the value at a path's end is kept whole. Members written as strings,
/// numbers, Booleans or `null` stay (they cost little), as does anything not reached through
/// keyed containers on the way (an array's elements, a dictionary, a nested container, a
/// value the tree encoder writes). So the value at each path, and everything below it, is
/// exactly what encoding the whole value writes, for any `encode(to:)` that writes only into
/// its own containers (as synthesized ones do): one that writes into a parent's container it
/// kept is not called when its member is left out. A member left out is not encoded at all, so
/// one that cannot be encoded (a `Double` that is NaN) fails only a whole encoding.
///
/// ```swift
/// let kept = KeptPaths([["cart", "total"]])
/// // {"catalog":[…],"cart":{"items":[…],"total":9.99},"isLoading":false} encodes as
/// // {"cart":{"total":9.99},"isLoading":false}
/// ```
package struct KeptPaths: Sendable {
    /// A member that goes on along a path: its name, and the node of its value, or
    /// ``whole`` where a path ends.
    private struct Link: Sendable {
        let key: String
        var node: Int
    }

    /// The node of a value kept whole.
    package static let whole = -1

    /// The links out of each node; node 0 is the top-level value.
    private var nodes: [[Link]] = [[]]

    /// Whether a path is empty, so that the whole value is kept.
    package private(set) var keepsEverything = false

    /// Keeps the values at `paths`, each a list of member names from the top.
    package init(_ paths: [[String]]) {
        for path in paths {
            guard !path.isEmpty else {
                keepsEverything = true
                continue
            }
            var node = 0
            for (offset, key) in path.enumerated() {
                let last = offset == path.count - 1
                if let link = nodes[node].firstIndex(where: { $0.key == key }) {
                    let next = nodes[node][link].node
                    if next == Self.whole { break }
                    if last {
                        // A path that ends where another goes on: the value is kept whole.
                        nodes[node][link].node = Self.whole
                        break
                    }
                    node = next
                } else if last {
                    nodes[node].append(Link(key: key, node: Self.whole))
                } else {
                    nodes.append([])
                    nodes[node].append(Link(key: key, node: nodes.count - 1))
                    node = nodes.count - 1
                }
            }
        }
    }

    /// The node of the top-level value: ``whole`` when everything is kept.
    var top: Int { keepsEverything ? Self.whole : 0 }

    /// The node of member `key` of the object at `node`: ``whole`` when it is kept whole
    /// (also when the object is), `nil` when it is left out.
    func node(of key: String, in node: Int) -> Int? {
        guard node != Self.whole else { return Self.whole }
        for link in nodes[node] where link.key == key { return link.node }
        return nil
    }
}
