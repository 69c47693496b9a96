import Foundation
import Redux
import ReduxExamples
import Testing

@Suite struct CounterTests {
    @Test func actionsChangeTheCount() {
        let store = Store(initialState: Counter.State(), reducer: Counter.reducer)
        for action: Counter.Action in [.increment, .increment, .incrementBy(n: 5), .decrement] {
            store.dispatch(action)
        }
        #expect(store.state.count == 6)
        store.dispatch(.reset)
        #expect(store.state.count == 0)
    }
}

@Suite struct ShopTests {
    static func price(_ text: String) -> Decimal { Decimal(string: text)! }

    static func store(_ actions: [Shop.Action]) -> Store<Shop.State, Shop.Action> {
        let store = Store(initialState: Shop.State(), reducer: Shop.reducer, middleware: [Shop.loginMiddleware()])
        actions.forEach(store.dispatch)
        return store
    }

    @Test func addingTheSameProductTwiceRaisesTheQuantityAndTheTotal() {
        let store = Self.store([.addToCart(productID: 3, quantity: 1), .addToCart(productID: 3, quantity: 2)])
        #expect(store.state.cart.items == [Shop.CartItem(id: 3, name: "Ceramic mug", price: Self.price("9.99"), quantity: 3)])
        #expect(store.state.cart.total == Self.price("29.97"))
    }

    @Test func quantityZeroRemovesTheLineAndRecomputesTheTotal() {
        let store = Self.store([
            .addToCart(productID: 1, quantity: 2), .addToCart(productID: 2, quantity: 1),
            .setQuantity(itemID: 1, quantity: 0),
        ])
        #expect(store.state.cart.items.map(\.id) == [2])
        #expect(store.state.cart.total == Self.price("12.99"))
    }

    @Test func packageQuantitiesAreAdjustedBeforeAddingThePackage() {
        let store = Self.store([
            .setPackageQuantity(packageID: 200, itemID: 3, quantity: 0),
            .setPackageQuantity(packageID: 200, itemID: 2, quantity: 3),
            .addPackageToCart(packageID: 200),
        ])
        #expect(store.state.cart.items.map { [$0.id, $0.quantity] } == [[2, 3], [4, 1]])
        #expect(store.state.cart.total == Self.price("62.97"))
    }

    @Test func loginSuccessGoesThroughLoadingToTheUser() {
        let seen = Box<[Shop.Action]>([])
        let spy = Middleware<Shop.State, Shop.Action>.effect { action, _ in seen.update { $0.append(action) } }
        let store = Store(initialState: Shop.State(), reducer: Shop.reducer, middleware: [Shop.loginMiddleware(), spy])
        store.dispatch(.loginRequest(username: "ada", password: "lovelace"))
        #expect(
            seen.value == [
                .loginRequest(username: "ada", password: "lovelace"), .setLoading(true),
                .loginSuccess(Shop.User(username: "ada", displayName: "Ada L.", token: "tok-ada-1")),
            ])
        #expect(store.state.user?.username == "ada")
        #expect(store.state.isLoading == false)
    }

    @Test func loginFailureSetsTheErrorAndStopsLoading() {
        let store = Self.store([.loginRequest(username: "ada", password: "nope")])
        #expect(store.state.user == nil)
        #expect(store.state.error == "wrong username or password")
        #expect(store.state.isLoading == false)
    }

    @Test func logoutClearsTheCart() {
        let store = Self.store([.loginRequest(username: "grace", password: "hopper"), .addToCart(productID: 4, quantity: 1), .logout])
        #expect(store.state.user == nil)
        #expect(store.state.cart == Shop.Cart())
    }

    @Test func unknownProductIsAnErrorNotACrash() {
        let store = Self.store([.addToCart(productID: 999, quantity: 1)])
        #expect(store.state.error == "no product with id 999")
        #expect(store.state.cart.items.isEmpty)
    }
}

@Suite struct TodosTests {
    @Test func itemsGoToTheSelectedCategory() {
        let store = Store(initialState: Todos.State(), reducer: Todos.reducer)
        store.dispatch(.addItem(title: "Inbox item"))
        store.dispatch(.addCategory(name: "Work"))
        store.dispatch(.addItem(title: "Work item"))
        #expect(store.state.categories.map(\.name) == ["Inbox", "Work"])
        #expect(store.state.categories.map { $0.items.map(\.title) } == [["Inbox item"], ["Work item"]])
        #expect(store.state.selectedCategoryID == 3)
    }

    @Test func toggleDeleteAndSettings() {
        let store = Store(initialState: Todos.State(), reducer: Todos.reducer)
        store.dispatch(.addItem(title: "A"))
        store.dispatch(.addItem(title: "B"))
        store.dispatch(.toggleDone(id: 2))
        store.dispatch(.selectItem(id: 3))
        store.dispatch(.deleteItem(id: 3))
        store.dispatch(.setShowCompleted(false))
        #expect(store.state.categories[0].items == [Todos.Item(id: 2, title: "A", done: true)])
        #expect(store.state.selectedItemID == nil)
        #expect(store.state.settings.showCompleted == false)
    }

    @Test func deletingTheSelectedCategorySelectsTheFirst() {
        let store = Store(initialState: Todos.State(), reducer: Todos.reducer)
        store.dispatch(.addCategory(name: "Work"))
        store.dispatch(.deleteCategory(id: 2))
        #expect(store.state.selectedCategoryID == 1)
    }
}

/// A lock-protected value for collecting what middleware sees.
final class Box<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value { lock.withLock { stored } }

    func update(_ change: (inout Value) -> Void) {
        lock.withLock { change(&stored) }
    }
}
