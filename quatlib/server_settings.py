"""A setting of the Jupyter server for the course: no Nagle delay on the kernel websockets.

Not used by the notebooks: ``make lab`` (and the browser tests and benchmarks, which start JupyterLab and
Notebook 7 the same way) pass it to the server on its command line::

    jupyter lab --ServerApp.kernel_websocket_connection_class=quatlib.server_settings.NoDelayConnection

and ``make present`` passes it to voila, which has its own copy of the option
(``--Voila.kernel_websocket_connection_class=...``, in ``tools/present.py``).

**Why.**  tornado leaves Nagle's algorithm on for a websocket unless the handler calls ``set_nodelay(True)``,
and jupyter_server's kernel websocket does not.  Every slider move makes the kernel send 3-4 small messages
(busy, the value's echo, the new figure, idle); with Nagle on, the server holds the second and later ones back
until the browser has acknowledged the first, which Linux may delay by up to 40 ms.  Measured with
``benchmarks/bench_transport.py`` (a slider that only swaps PNGs, quiet machine), a key press's new picture was
on screen after 27-32 ms with this setting and 54-59 ms without it (medians); see benchmarks/README.md.

The setting is jupyter_server's own configurable class of the kernel websocket connection
(``ServerApp.kernel_websocket_connection_class``), subclassed to turn Nagle off when a connection opens.  A
server without it (JupyterHub, Binder, a Jupyter of one's own) runs the course the same, only with the delay;
the same option (or ``c.ServerApp.kernel_websocket_connection_class`` in a ``jupyter_server_config.py``) adds it.
"""

from __future__ import annotations

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

__all__ = ["NoDelayConnection"]


class NoDelayConnection(ZMQChannelsWebsocketConnection):
    """jupyter_server's kernel websocket connection, with Nagle's algorithm off on the websocket.

    >>> from jupyter_server.services.kernels.connection.base import BaseKernelWebsocketConnection
    >>> issubclass(NoDelayConnection, BaseKernelWebsocketConnection)   # what the server's option accepts
    True
    """

    async def connect(self):
        self.websocket_handler.set_nodelay(True)  # tornado: send each small message at once, do not combine
        return await super().connect()
