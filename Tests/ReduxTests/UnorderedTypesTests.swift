import Foundation
import Testing

@testable import Redux

/// The streaming encoder's memory of which types need sorting must agree with the cast it
/// replaces, also once its table is full.
@Suite struct UnorderedTypesTests {
    static func expectAgreement<T>(_ type: T.Type, _ cache: inout UnorderedTypes, sourceLocation: SourceLocation = #_sourceLocation) {
        let answer = cache.contains(type)
        #expect(answer == (type is any UnorderedCollection.Type), "\(type)", sourceLocation: sourceLocation)
    }

    /// Checks `T`, `[T]`, `[String: T]` and `Set<T>?`, then the same for `[T]`, `depth` levels
    /// deep, twice each: more types than the table has room for.
    static func check<T: Hashable>(_ type: T.Type, depth: Int, _ cache: inout UnorderedTypes) {
        for _ in 0..<2 {
            expectAgreement(T.self, &cache)
            expectAgreement([T].self, &cache)
            expectAgreement([String: T].self, &cache)
            expectAgreement(Set<T>?.self, &cache)
        }
        if depth > 0 { check([T].self, depth: depth - 1, &cache) }
    }

    @Test func agreesWithTheCast() {
        var cache = UnorderedTypes()
        for _ in 0..<3 {
            Self.expectAgreement([String: Int].self, &cache)
            Self.expectAgreement(Set<String>.self, &cache)
            Self.expectAgreement([Decimal: [Int]].self, &cache)
            Self.expectAgreement(Int.self, &cache)
            Self.expectAgreement(Decimal.self, &cache)
            Self.expectAgreement(Optional<[String: Int]>.self, &cache)
        }
        let dictionary = cache.contains([Int: String].self)
        let array = cache.contains([Int].self)
        #expect(dictionary && !array)
        Self.check(Int.self, depth: 40, &cache)
        Self.check(Set<Int>.self, depth: 40, &cache)
        Self.check(String?.self, depth: 40, &cache)
    }
}
